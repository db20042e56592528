import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { environmentProblems, readEnvironment, secretsFromFiles } from './environment';
import { traceMixin } from './logging';
import { contextOfHeaders, spansOf, traceHeaders } from './spans';
import { startTracing, type Tracing } from './tracing';

// The OTLP exporter, watched: what it is built with, and whether it is built at all.
const built = vi.hoisted(() => [] as unknown[]);
vi.mock('@opentelemetry/exporter-trace-otlp-proto', async (actual) => {
  const { OTLPTraceExporter } = await actual<typeof import('@opentelemetry/exporter-trace-otlp-proto')>();
  return {
    OTLPTraceExporter: class extends OTLPTraceExporter {
      constructor(config?: ConstructorParameters<typeof OTLPTraceExporter>[0]) {
        super(config);
        built.push(config);
      }
    },
  };
});

const recording = () => trace.getTracer('test').startSpan('probe').isRecording();
const spans = spansOf('@odds/test');
let started: Tracing | null = null;
afterEach(async () => {
  await started?.shutdown();
  started = null;
  built.length = 0;
});

describe('tracing off', () => {
  it('without any OTEL_* setting: no provider registered, no exporter built, no-op spans, no trace headers', async () => {
    started = await startTracing('api', {});
    expect(started.enabled).toBe(false);
    expect(built).toEqual([]);
    expect(recording()).toBe(false);
    // The global provider is still the API's proxy with nothing behind it.
    expect((trace.getTracerProvider() as unknown as { getDelegate(): object }).getDelegate().constructor.name).toBe('NoopTracerProvider');
    expect(spans.run('work', {}, () => traceHeaders())).toEqual({});
    expect(spans.run('work', {}, () => traceMixin({}, 30, { bindings: () => ({}) }))).toEqual({});
  });

  it('with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none, an endpoint notwithstanding', async () => {
    for (const env of [
      { OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' },
      { OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' },
    ]) {
      expect((await startTracing('relay', readEnvironment('relay', env))).enabled).toBe(false);
    }
    expect(built).toEqual([]);
    expect(recording()).toBe(false);
  });
});

describe('tracing on', () => {
  it('with an OTLP endpoint: the exporter gets the traces path, the headers (the traces’ own win), timeout and compression', async () => {
    started = await startTracing(
      'worker',
      readEnvironment('worker', {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example:4318/',
        OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=abc%3D%3D,x-team=odds',
        OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-team=traders',
        OTEL_EXPORTER_OTLP_TIMEOUT: '2500',
        OTEL_EXPORTER_OTLP_TRACES_COMPRESSION: 'gzip',
      }),
    );
    expect(started.enabled).toBe(true);
    expect(built).toEqual([
      { url: 'https://collector.example:4318/v1/traces', headers: { 'x-api-key': 'abc==', 'x-team': 'traders' }, timeoutMillis: 2500, compression: 'gzip' },
    ]);
    expect(recording()).toBe(true);
    await started.shutdown();
    started = null;
    // Shut down, the SDK is unregistered: a later start (the next test, a restart) registers afresh.
    expect(recording()).toBe(false);
  });

  it('takes the traces’ own endpoint as it is', async () => {
    started = await startTracing('api', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/custom/traces' });
    expect(built).toEqual([{ url: 'http://collector:4318/custom/traces', headers: {} }]);
  });

  it('names the service odds-<process> unless OTEL_SERVICE_NAME does, with OTEL_RESOURCE_ATTRIBUTES; W3C traceparent in and out', async () => {
    const exporter = new InMemorySpanExporter();
    started = await startTracing('relay', { OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=staging,service.namespace=odds' }, { exporter });
    const headers = spans.run('outer', {}, () => traceHeaders());
    expect(headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    spans.run('inner', { parent: contextOfHeaders(headers) }, () => {});
    const [outer, inner] = exporter.getFinishedSpans();
    expect(outer!.resource.attributes).toMatchObject({ 'service.name': 'odds-relay', 'deployment.environment.name': 'staging', 'service.namespace': 'odds' });
    expect(inner!.spanContext().traceId).toBe(outer!.spanContext().traceId);
    expect(inner!.parentSpanContext).toMatchObject({ spanId: outer!.spanContext().spanId, isRemote: true });
    await started.shutdown();

    // A shut down exporter takes no more spans: the next start has its own.
    const named = new InMemorySpanExporter();
    started = await startTracing('relay', { OTEL_SERVICE_NAME: 'edge-relay' }, { exporter: named });
    spans.run('named', {}, () => {});
    expect(named.getFinishedSpans()[0]!.resource.attributes['service.name']).toBe('edge-relay');
  });

  it('samples as OTEL_TRACES_SAMPLER says: always_off records nothing', async () => {
    const exporter = new InMemorySpanExporter();
    started = await startTracing('api', { OTEL_TRACES_SAMPLER: 'always_off' }, { exporter });
    spans.run('dropped', {}, () => {});
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('a span failed by its work is marked so, the error goes on; log lines inside a span carry its ids', async () => {
    const exporter = new InMemorySpanExporter();
    started = await startTracing('api', {}, { exporter });
    await expect(spans.run('refused', {}, async () => Promise.reject(new Error('no such match')))).rejects.toThrow('no such match');
    expect(exporter.getFinishedSpans()[0]).toMatchObject({ name: 'refused', status: { code: 2, message: 'no such match' } });
    const [fields, ids] = spans.run('logged', {}, (span) => [traceMixin({}, 30, { bindings: () => ({}) }), span.spanContext()] as const);
    expect(fields).toEqual({ trace_id: ids.traceId, span_id: ids.spanId });
    // A request's logger carries its span's ids already (request-spans.ts): not twice.
    expect(spans.run('bound', {}, () => traceMixin({}, 30, { bindings: () => ({ trace_id: ids.traceId }) }))).toEqual({});
  });
});

describe('the OTEL_* settings', () => {
  it('are checked like the others, the headers a secret that may come from a file', () => {
    expect(environmentProblems('relay', { OTEL_TRACES_SAMPLER: 'sometimes', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toEqual([
      "OTEL_TRACES_SAMPLER must be one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio, got 'sometimes'",
      "OTEL_EXPORTER_OTLP_PROTOCOL must be one of http/protobuf, got 'grpc'",
    ]);
    const read = (path: string) => ({ '/run/secrets/otlp-headers': 'x-api-key=k3y\n' })[path] ?? '';
    expect(secretsFromFiles('worker', { OTEL_EXPORTER_OTLP_HEADERS_FILE: '/run/secrets/otlp-headers' }, read)).toEqual({
      OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=k3y',
    });
    expect(readEnvironment('relay', { OTEL_SERVICE_NAME: 'edge', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toMatchObject({
      OTEL_SERVICE_NAME: 'edge',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
    });
  });

  it('leave alone the OTEL_* variables of other signals and tools a platform sets', () => {
    expect(
      environmentProblems('api', {
        OTEL_LOGS_EXPORTER: 'otlp',
        OTEL_METRICS_EXPORTER: 'none',
        OTEL_PROPAGATORS: 'tracecontext,baggage',
        OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: 'http://collector:4318/v1/metrics',
        OTEL_EXPORTER_OTLP_LOGS_HEADERS: 'a=b',
        OTEL_BSP_SCHEDULE_DELAY: '1000',
        OTEL_NODE_RESOURCE_DETECTORS: 'env',
      }),
    ).toEqual([]);
  });
});
