/**
 * The container test's OTLP collector (tests/support/otlp-collector.ts) reads what the SDK's own
 * OTLP/HTTP protobuf exporter sends: the same ids, names, parents and service as the spans made.
 */
import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTracing, type Tracing } from '@odds/ops';
import { OtlpCollector } from '../support/otlp-collector';

let collector: OtlpCollector;
let tracing: Tracing;

beforeAll(async () => {
  collector = await OtlpCollector.start('127.0.0.1');
});
afterAll(async () => {
  await collector?.close();
});

it('decodes the spans an OTLP exporter sends, with their trace, parent and service', async () => {
  tracing = await startTracing('relay', { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}`, OTEL_SERVICE_NAME: 'collector-check' });
  const tracer = trace.getTracer('collector-check');
  const ids = tracer.startActiveSpan('parent', (parent) => {
    const child = tracer.startSpan('child ✓');
    child.end();
    parent.end();
    return { trace: parent.spanContext().traceId, parent: parent.spanContext().spanId, child: child.spanContext().spanId };
  });
  // Shutting down exports what the batch processor still holds.
  await tracing.shutdown();
  expect(collector.trace(ids.trace).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
    { service: 'collector-check', traceId: ids.trace, spanId: ids.child, parentSpanId: ids.parent, name: 'child ✓' },
    { service: 'collector-check', traceId: ids.trace, spanId: ids.parent, parentSpanId: '', name: 'parent' },
  ]);
});
