export { logFormat, loggerOptions, ShortRequestLog, traceMixin, type LogFormat, type LogSettings } from './logging';
export { requestTraceHeaders, traceRequests } from './request-spans';
export { activeContext, contextOfHeaders, failSpan, SpanKind, spansOf, traceHeaders, type Context } from './spans';
export { startTracing, type Tracing } from './tracing';
export { answerMetrics, createRegistry, listenMetrics, observeRequests, scrapeRefusal, serveMetrics, type MetricsAccess } from './metrics';
export { checkEnvironment, environmentProblems, EnvironmentError, frozen, readEnvironment, refuse, startProcess } from './environment';
export { OUR_PREFIXES } from './misspellings';
export { DEFAULTS, VARIABLES, type Environment, type ProcessName, type Variable, type VariableName } from './variables';
export { backoffDelay, type Backoff } from './backoff';
