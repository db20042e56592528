export { logFormat, loggerOptions, ShortRequestLog, type LogFormat } from './logging';
export { createRegistry, listenMetrics, mayScrape, observeRequests, serveMetrics, type MetricsAccess } from './metrics';
export { checkEnvironment, environmentProblems, EnvironmentError, refuse, startProcess, VARIABLES, type ProcessName, type Variable } from './environment';
