import { context, propagation, trace } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-node';
import type { Environment } from './variables';

/** The OTEL_* settings of a process (variables.ts), as startProcess read them; what is missing is the SDK's default. */
export type TracingSettings = Partial<
  Pick<
    Environment,
    | 'OTEL_SDK_DISABLED'
    | 'OTEL_TRACES_EXPORTER'
    | 'OTEL_EXPORTER_OTLP_ENDPOINT'
    | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'
    | 'OTEL_EXPORTER_OTLP_HEADERS'
    | 'OTEL_EXPORTER_OTLP_TRACES_HEADERS'
    | 'OTEL_EXPORTER_OTLP_TIMEOUT'
    | 'OTEL_EXPORTER_OTLP_TRACES_TIMEOUT'
    | 'OTEL_EXPORTER_OTLP_COMPRESSION'
    | 'OTEL_EXPORTER_OTLP_TRACES_COMPRESSION'
    | 'OTEL_SERVICE_NAME'
    | 'OTEL_RESOURCE_ATTRIBUTES'
    | 'OTEL_TRACES_SAMPLER'
    | 'OTEL_TRACES_SAMPLER_ARG'
  >
>;

export interface Tracing {
  /** Whether this process records and exports spans. */
  readonly enabled: boolean;
  /** Exports the spans still buffered and unregisters the SDK (before the process exits). */
  shutdown(): Promise<void>;
}

const OFF: Tracing = { enabled: false, shutdown: async () => {} };

/** What the exporter is: OTEL_TRACES_EXPORTER, else `otlp` when an endpoint is set, else none (off). */
function exporterKind(env: TracingSettings): 'otlp' | 'console' | 'none' {
  if (env.OTEL_SDK_DISABLED) return 'none';
  return env.OTEL_TRACES_EXPORTER ?? (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT ? 'otlp' : 'none');
}

/**
 * Starts the OpenTelemetry SDK of one process (`relay`, `api`, `worker`) from its OTEL_* settings,
 * or nothing: tracing is off unless OTEL_TRACES_EXPORTER or an OTLP endpoint is set (and
 * OTEL_SDK_DISABLED is not `true`); then the SDK is not even loaded and every span of the code is
 * the API's no-op. On: spans go in batches to the OTLP/HTTP (protobuf) endpoint, W3C `traceparent`
 * is the propagator, and the service is `odds-<process>` unless OTEL_SERVICE_NAME names it.
 * `exporter` (tests: the SDK's InMemorySpanExporter) takes every span as it ends instead.
 */
export async function startTracing(service: string, env: TracingSettings, { exporter }: { exporter?: SpanExporter } = {}): Promise<Tracing> {
  const kind = exporter ? 'given' : exporterKind(env);
  if (kind === 'none') return OFF;
  const [sdk, { W3CTraceContextPropagator, parseKeyPairsIntoRecord }, { defaultResource, resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
  ]);
  const spanExporter = exporter ?? (kind === 'console' ? new sdk.ConsoleSpanExporter() : await otlpExporter(env, parseKeyPairsIntoRecord));
  const resource = defaultResource().merge(
    resourceFromAttributes({ ...parseKeyPairsIntoRecord(env.OTEL_RESOURCE_ATTRIBUTES), 'service.name': env.OTEL_SERVICE_NAME ?? `odds-${service}` }),
  );
  const provider = new sdk.NodeTracerProvider({
    resource,
    sampler: sampler(sdk, env),
    spanProcessors: [exporter ? new sdk.SimpleSpanProcessor(spanExporter) : new sdk.BatchSpanProcessor(spanExporter)],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  return {
    enabled: true,
    async shutdown() {
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** The OTLP/HTTP exporter: the traces' own variable of each pair first, then the general one. */
async function otlpExporter(env: TracingSettings, keyPairs: (value?: string) => Record<string, string>): Promise<SpanExporter> {
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  const url = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base ? `${base}/v1/traces` : 'http://localhost:4318/v1/traces');
  const timeout = env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT ?? env.OTEL_EXPORTER_OTLP_TIMEOUT;
  const compression = env.OTEL_EXPORTER_OTLP_TRACES_COMPRESSION ?? env.OTEL_EXPORTER_OTLP_COMPRESSION;
  return new OTLPTraceExporter({
    url,
    headers: { ...keyPairs(env.OTEL_EXPORTER_OTLP_HEADERS), ...keyPairs(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS) },
    ...(timeout !== undefined && { timeoutMillis: timeout }),
    ...(compression && { compression: compression as NonNullable<ConstructorParameters<typeof OTLPTraceExporter>[0]>['compression'] }),
  });
}

/** OTEL_TRACES_SAMPLER (default parentbased_always_on) with OTEL_TRACES_SAMPLER_ARG, the ratio (default 1). */
function sampler(sdk: typeof import('@opentelemetry/sdk-trace-node'), env: TracingSettings) {
  const name = env.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on';
  const own = name.replace(/^parentbased_/, '');
  const root =
    own === 'always_off'
      ? new sdk.AlwaysOffSampler()
      : own === 'traceidratio'
        ? new sdk.TraceIdRatioBasedSampler(env.OTEL_TRACES_SAMPLER_ARG ?? 1)
        : new sdk.AlwaysOnSampler();
  return name.startsWith('parentbased_') ? new sdk.ParentBasedSampler({ root }) : root;
}
