/**
 * OpenTelemetry across the relay and the API (docs/tracing.md): an operator's save is one trace,
 * from the relay's span of the call through the API's span and the versioned save to the
 * publication of its change notice. The two servers run in this process (tests/support/stack.ts)
 * on one tracer provider, the SDK's in-memory exporter behind it; the API learns its parent only
 * from the `traceparent` header the relay sends it over real HTTP, which is checked on the wire.
 */
import type { IncomingMessage } from 'node:http';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, type Tracing } from '@odds/ops';
import { routes } from '@odds/protocol';
import { waitFor } from '../support/engine-cluster';
import { loginThrough, startStack, type Stack } from '../support/stack';

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let stack: Stack;
/** The `traceparent` of each request the API received, as it came over the connection. */
const onWire: { url: string; traceparent: string | undefined }[] = [];

beforeAll(async () => {
  tracing = await startTracing('console', {}, { exporter });
  stack = await startStack();
  stack.upstream.app.server.on('request', (request: IncomingMessage) => {
    onWire.push({ url: request.url ?? '', traceparent: request.headers.traceparent as string | undefined });
  });
});
afterAll(async () => {
  await stack?.close();
  await tracing?.shutdown();
});

const scopeOf = (span: ReadableSpan) => span.instrumentationScope.name;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;

describe('an operator’s save, traced', () => {
  it('is one trace from the relay through the API and the save to its change notice, its parent sent in the traceparent header', async () => {
    const token = await loginThrough(stack.url);
    const auth = { authorization: `Token ${token}`, 'content-type': 'application/json' };
    const [match] = ((await (await fetch(`${stack.url}/api/1/1/1/matches?limit=1`, { headers: auth })).json()) as { results: { id: number }[] }).results;
    exporter.reset();
    onWire.length = 0;

    const saved = await fetch(`${stack.url}${routes.statEventsSave.path}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ events: [{ match_id: match!.id, type: 6, period: 1, game_time: 33 }] }),
    });
    expect(saved.status).toBe(200);
    // The servers' spans end as their replies leave, a moment after the client has the answer.
    const finished = () => exporter.getFinishedSpans();
    const find = (scope: string, name: string) => finished().find((span) => scopeOf(span) === scope && span.name === name);
    await waitFor('the relay’s span', async () => find('@odds/relay', 'POST /api/1/*') !== undefined, 10_000);

    const relay = find('@odds/relay', 'POST /api/1/*')!;
    const api = find('@odds/upstream', `POST ${routes.statEventsSave.path}`)!;
    const save = find('@odds/upstream', 'save stat_event')!;
    const notice = find('@odds/upstream', 'publish change notice')!;
    for (const span of [api, save, notice]) expect(span, 'a span of the save').toBeDefined();

    // One trace, begun at the relay (the browser sent no traceparent).
    const { traceId } = relay.spanContext();
    expect(
      finished()
        .filter((span) => span.spanContext().traceId === traceId)
        .map((span) => span.name),
    ).toEqual(expect.arrayContaining(['POST /api/1/*', `POST ${routes.statEventsSave.path}`, 'save stat_event', 'publish change notice']));
    expect(relay.parentSpanContext).toBeUndefined();
    expect(relay).toMatchObject({
      kind: 1,
      attributes: { 'http.request.method': 'POST', 'url.path': routes.statEventsSave.path, 'http.response.status_code': 200 },
    });
    // The API's span is the relay's child across the HTTP hop: a remote parent, from the header.
    expect(api.parentSpanContext).toMatchObject({ traceId, spanId: idOf(relay), isRemote: true });
    expect(api).toMatchObject({ kind: 1, attributes: { 'http.route': routes.statEventsSave.path, 'http.response.status_code': 200 } });
    expect(onWire.filter((hit) => hit.url === routes.statEventsSave.path)).toEqual([
      { url: routes.statEventsSave.path, traceparent: `00-${traceId}-${idOf(relay)}-01` },
    ]);
    // Inside the API: the save, and the notice its commit published.
    expect(save.parentSpanContext).toMatchObject({ spanId: idOf(api) });
    expect(save.parentSpanContext?.isRemote).toBeFalsy();
    expect(save.attributes).toMatchObject({ 'odds.entity': 'stat_event' });
    expect(notice.parentSpanContext).toMatchObject({ spanId: idOf(save) });
    expect(notice).toMatchObject({
      kind: 3,
      attributes: { 'odds.match_id': match!.id, 'odds.topics': ['stats', 'history'], 'odds.change.transport': 'in-process' },
    });
  });

  it('leaves the relay’s own reads of the API untraced: they carry no traceparent and make no span', async () => {
    const [alone, ...together] = [await loginThrough(stack.url), await loginThrough(stack.url), await loginThrough(stack.url)];
    exporter.reset();
    onWire.length = 0;
    // The relay's token checks of live connections are its own calls (one alone, a burst in one batch), not forwarded ones.
    expect(await stack.relay.upstream.checkToken(alone!)).not.toBeNull();
    await Promise.all(together.map((token) => stack.relay.upstream.checkToken(token)));
    const ownCalls: string[] = [routes.session.path, routes.accessBatch.path];
    const checks = onWire.filter((hit) => ownCalls.includes(hit.url));
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.map((hit) => hit.traceparent)).toEqual(checks.map(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
