import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, ShortRequestLog } from './logging';
import { requestTraceHeaders, traceRequests } from './request-spans';
import { spansOf } from './spans';
import { startTracing, type Tracing } from './tracing';

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
beforeAll(async () => {
  tracing = await startTracing('api', {}, { exporter });
});
afterAll(() => tracing.shutdown());

/** A server traced as the API is, its JSON log lines kept. */
function server() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString()
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      );
      done();
    },
  });
  const app = Fastify({ logger: { ...loggerOptions('api', 'debug', { LOG_FORMAT: 'json' }), stream }, logController: new ShortRequestLog() });
  traceRequests(app, { scope: '@odds/test', traced: (request) => request.url !== '/healthz' });
  const spans = spansOf('@odds/test');
  app.post('/matches/:id/save', async (request) =>
    spans.run('save', {}, async () => {
      request.log.info('saving');
      return { forwarded: requestTraceHeaders(request) };
    }),
  );
  app.get('/broken', async () => {
    throw new Error('boom');
  });
  app.get('/healthz', async (request) => ({ forwarded: requestTraceHeaders(request) }));
  return { app, lines };
}

describe('a span per request', () => {
  it('named by its route, the child of the traceparent it came with; the handler’s spans and log lines inside it', async () => {
    const { app, lines } = server();
    exporter.reset();
    const parent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const reply = await app.inject({ method: 'POST', url: '/matches/7/save?x=1', headers: { traceparent: parent } });
    const [save, request] = exporter.getFinishedSpans();
    expect(request).toMatchObject({
      name: 'POST /matches/:id/save',
      kind: 1,
      instrumentationScope: { name: '@odds/test' },
      attributes: { 'http.request.method': 'POST', 'url.path': '/matches/7/save', 'http.route': '/matches/:id/save', 'http.response.status_code': 200 },
      parentSpanContext: { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', isRemote: true },
    });
    const ids = { trace_id: request!.spanContext().traceId, span_id: request!.spanContext().spanId };
    expect(save!.parentSpanContext?.spanId).toBe(ids.span_id);
    // What the request forwards: its own span as the parent.
    expect(reply.json()).toEqual({ forwarded: { traceparent: `00-${ids.trace_id}-${ids.span_id}-01` } });
    // The handler's line and the reply's summary line both carry the request's trace.
    expect(lines.filter((line) => line.msg === 'saving' || String(line.msg).startsWith('POST /matches/7/save'))).toEqual([
      expect.objectContaining({ msg: 'saving', ...ids }),
      expect.objectContaining({ msg: expect.stringMatching(/^POST \/matches\/7\/save\?x=1 200 /), ...ids }),
    ]);
    await app.close();
  });

  it('a new trace without a traceparent; a 5xx fails the span', async () => {
    const { app } = server();
    exporter.reset();
    expect((await app.inject({ method: 'GET', url: '/broken' })).statusCode).toBe(500);
    const [span] = exporter.getFinishedSpans();
    expect(span).toMatchObject({ name: 'GET /broken', status: { code: 2 }, attributes: { 'http.response.status_code': 500, 'error.type': '500' } });
    expect(span!.parentSpanContext).toBeUndefined();
    await app.close();
  });

  it('none for a request the server does not trace: nothing forwarded, no ids in its lines', async () => {
    const { app, lines } = server();
    exporter.reset();
    const reply = await app.inject({ method: 'GET', url: '/healthz' });
    expect(reply.json()).toEqual({ forwarded: {} });
    expect(exporter.getFinishedSpans()).toEqual([]);
    expect(lines.some((line) => 'trace_id' in line)).toBe(false);
    await app.close();
  });
});
