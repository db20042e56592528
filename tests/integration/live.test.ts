import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, LIVE_TOPICS, MATCH_TABLE_TOPICS, routes, SOCKET_AUTH_ERROR, type LiveTopic, type MatchTableTopic } from '@odds/protocol';
import { loginThrough, startStack, type Stack } from '../support/stack';
import { connectLive, FeedWriter, LiveView, PlainLiveClient, startRelay, until, type LiveSocket, type RunningRelay } from '../support/live-client';

// The live path over real servers: the upstream on PGlite, a relay polling it every 500 ms (no
// change stream, so every upstream request is a tick), real socket.io clients.
const INTERVAL_MS = 500;
let stack: Stack;
let relay: RunningRelay;
let token: string;
let matchIds: number[];
const sockets: LiveSocket[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  stack = await startStack();
  token = await loginThrough(stack.url);
  relay = await startRelay(stack.upstreamUrl, { pollIntervalMs: INTERVAL_MS, changeStream: false, graceMs: 1_000 });
  const response = await fetch(`${stack.upstreamUrl}/api/1/1/1/matches?limit=5`, { headers: { authorization: `Token ${token}` } });
  matchIds = ((await response.json()) as { results: { id: number }[] }).results.map((match) => match.id);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await relay?.close();
  await stack?.close();
});

async function watcher(matchId: number): Promise<LiveView> {
  const socket = await connectLive(relay.url, token);
  sockets.push(socket);
  const view = new LiveView(socket, matchId);
  expect(await view.watch()).toEqual({ ok: true });
  return view;
}

/** Upstream requests of the pollers of one match, by topic. */
function pollsOf(matchId: number, since: number): Record<LiveTopic, number> {
  const paths: Record<LiveTopic, string> = {
    feed: `/api/1/match/${matchId}/feed?`,
    offers: `/api/1/offers/${matchId}?`,
    deliveries: `/api/1/delivery/match/${matchId}?`,
    ...(Object.fromEntries(Object.entries(MATCH_TABLE_TOPICS).map(([topic, route]) => [topic, buildPath(routes[route], { matchId })])) as Record<
      MatchTableTopic,
      string
    >),
    history: `/api/1/audit?match_id=${matchId}&`,
  };
  const hits = stack.upstreamHits.slice(since);
  return Object.fromEntries(LIVE_TOPICS.map((topic) => [topic, hits.filter((hit) => hit.url.startsWith(paths[topic])).length])) as Record<LiveTopic, number>;
}

const byId = <T extends { id: number }>(records: T[]) => [...records].sort((a, b) => a.id - b.id);

describe('one poller per match, pushed to every watcher', () => {
  let views: LiveView[];
  let feed: FeedWriter;

  it('50 clients watching one match cause exactly one upstream check per tick, and no read while quiet', async () => {
    feed = new FeedWriter(stack.upstreamUrl, token, matchIds[0]!);
    await feed.offer();
    views = await Promise.all(Array.from({ length: 50 }, () => watcher(matchIds[0]!)));
    await until(() => views.every((view) => view.records('offers').length === 1), 'every watcher to hold the offer');
    const since = stack.upstreamHits.length;
    const started = Date.now();
    await sleep(3_000);
    const ticks = (Date.now() - started) / INTERVAL_MS;
    const checks = stack.upstreamHits.slice(since).filter((hit) => hit.url === buildPath(routes.matchLiveVersions, { matchId: matchIds[0]! })).length;
    expect(checks).toBeGreaterThanOrEqual(Math.floor(ticks / 2)); // a slow check on a busy machine stretches a tick, never adds one
    expect(checks).toBeLessThanOrEqual(Math.ceil(ticks) + 1);
    // Nothing moved: no topic is read (the old safety poll read all 7 every tick).
    expect(Object.values(pollsOf(matchIds[0]!, since))).toEqual(LIVE_TOPICS.map(() => 0));
  });

  it('a change in the upstream reaches every watcher as one delta with the next seq', async () => {
    const seqs = views.map((view) => ({ feed: view.seq('feed')!, offers: view.seq('offers')! }));
    const seen = views.map((view) => view.deltas.length);
    await feed.offer();
    const [, newest] = byId(await feed.offers());
    await until(() => views.every((view) => view.records('offers').length === 2), 'every watcher to receive the new offer');
    await sleep(2 * INTERVAL_MS); // would a second delta follow?
    views.forEach((view, i) => {
      for (const topic of ['feed', 'offers'] as const) {
        const deltas = view.deltas.slice(seen[i]).filter((delta) => delta.topic === topic);
        expect(deltas.map((delta) => ({ seq: delta.seq, ids: delta.upserts.map((record) => record.id), removes: delta.removes }))).toEqual([
          { seq: seqs[i]![topic] + 1, ids: [newest!.id], removes: [] },
        ]);
      }
    });
    expect(views[0]!.records('offers').at(-1)).toEqual(newest);
  });

  it("polls at once when the upstream's change stream announces a change", async () => {
    const streaming = await startRelay(stack.upstreamUrl, { pollIntervalMs: 60_000 });
    const socket = await connectLive(streaming.url, token);
    try {
      const view = new LiveView(socket, matchIds[3]!);
      expect(await view.watch()).toEqual({ ok: true });
      await until(
        async () => ((await (await fetch(`${streaming.url}/healthz`)).json()) as { live: { change_stream: boolean } }).live.change_stream,
        'the change stream',
      );
      await new FeedWriter(stack.upstreamUrl, token, matchIds[3]!).offer();
      // The next tick is a minute away: only the announcement can bring it this soon.
      await until(() => view.records('feed').length === 1 && view.records('offers').length === 1, 'the announced offer', 5_000);
    } finally {
      socket.close();
      await streaming.close();
    }
  });

  it('presence counts the operator once however many sockets', async () => {
    await until(() => views[0]!.presence?.viewers.count === 1, 'presence');
    expect(views[0]!.presence!.viewers).toEqual({ count: 1, names: ['Demo Operator'] });
  });

  it("a client away for 30 s while offers arrive ends with exactly the upstream's offers", { timeout: 90_000 }, async () => {
    const away = views[1]!;
    for (const view of views.slice(2)) view.socket.close();
    away.socket.disconnect();
    const heldBefore = away.records('offers').length;
    const arrivals = Date.now();
    for (let i = 0; i < 30; i++) {
      await feed.offer();
      await sleep(1_000);
    }
    expect(Date.now() - arrivals).toBeGreaterThanOrEqual(30_000);
    const upstreamOffers = byId(await feed.offers());
    expect(upstreamOffers).toHaveLength(heldBefore + 30);
    await until(() => views[0]!.records('offers').length === upstreamOffers.length, 'the watcher that stayed to be current');
    away.socket.connect();
    await until(() => away.records('offers').length === upstreamOffers.length, 'the returning client to catch up');
    expect(away.records('offers')).toEqual(upstreamOffers);
    // It asked for what it missed and got it as deltas from the history, not as a fresh snapshot.
    expect(away.resyncs).toBeGreaterThanOrEqual(LIVE_TOPICS.length);
    expect(away.snapshots.filter((snapshot) => snapshot.fresh)).toEqual([]);
  });
});

describe('refusals', () => {
  it('refuse a socket without a token, with a made-up one, and with an expired one', async () => {
    await expect(connectLive(relay.url, '')).rejects.toThrow(SOCKET_AUTH_ERROR);
    await expect(connectLive(relay.url, 'x'.repeat(43))).rejects.toThrow(SOCKET_AUTH_ERROR);
    const expired = await stack.upstream.login();
    await expireToken(expired);
    await expect(connectLive(relay.url, expired)).rejects.toThrow(SOCKET_AUTH_ERROR);
  });

  it('refuse watching a match the token may not see, bad payloads, and floods', async () => {
    const socket = await connectLive(relay.url, token);
    sockets.push(socket);
    const emit = (event: 'watch' | 'resync', payload: unknown) => socket.timeout(5_000).emitWithAck(event as 'watch', payload as { matchId: number });
    expect(await emit('watch', { matchId: 999_999 })).toEqual({ ok: false, error: 'No such match: 999999' });
    expect(await emit('watch', { matchId: 'x' })).toEqual({ ok: false, error: 'Invalid watch request: /matchId must be integer' });
    expect(await emit('resync', { matchId: matchIds[1], topic: 'odds', sinceSeq: 1 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Invalid resync request/),
    });
    const replies = await Promise.all(Array.from({ length: 30 }, () => emit('watch', { matchId: matchIds[1] })));
    expect(replies.filter((reply) => reply.ok).length).toBeLessThan(30);
    expect(replies.find((reply) => !reply.ok)).toEqual({ ok: false, error: 'Too many requests: wait a moment and try again', retryable: true });
  });
});

describe('/live for dashboards and scripts', () => {
  it('speaks watch, snapshot and delta as JSON, with the token in the upgrade', async () => {
    const matchId = matchIds[2]!;
    const client = await PlainLiveClient.open(relay.url, token);
    expect(await client.next((m) => m.event === 'hello')).toEqual({ event: 'hello', data: { user: { id: 1, name: 'Demo Operator' } } });
    expect(await client.request('watch', { matchId })).toEqual({ ok: true });
    const snapshots = client.messages.filter((m) => m.event === 'snapshot').map((m) => (m.data as { topic: string }).topic);
    expect(snapshots.sort()).toEqual([...LIVE_TOPICS].sort());
    expect(await client.next((m) => m.event === 'status')).toMatchObject({ data: { matchId, upstream: 'ok' } });
    await new FeedWriter(stack.upstreamUrl, token, matchId).offer();
    const delta = await client.next((m) => m.event === 'delta' && m.data.topic === 'offers');
    expect(delta.data).toMatchObject({ matchId, topic: 'offers', upserts: [{ match_id: matchId, market_id: 1 }], removes: [] });
    client.close();
  });

  it('takes the token in a first auth message, and refuses anything before it', async () => {
    const early = await PlainLiveClient.open(relay.url);
    early.send('watch', { matchId: matchIds[2] });
    expect(await early.closed).toEqual({ code: 4401, reason: SOCKET_AUTH_ERROR });
    const browser = await PlainLiveClient.open(relay.url);
    expect(await browser.request('auth', { token })).toEqual({ ok: true });
    expect(await browser.request('watch', { matchId: 999_999 })).toEqual({ ok: false, error: 'No such match: 999999' });
    expect(await browser.request('unwatch', { matchId: 'x' })).toEqual({ ok: false, error: 'Invalid unwatch message: data does not match its schema' });
    browser.close();
    const forged = await PlainLiveClient.open(relay.url, 'y'.repeat(43));
    expect(await forged.closed).toEqual({ code: 4401, reason: SOCKET_AUTH_ERROR });
  });
});

describe('operations', () => {
  it('exposes Prometheus metrics and live health', async () => {
    const text = await (await fetch(`${relay.url}/metrics`)).text();
    expect(text).toMatch(/^relay_upstream_requests_total\{topic="feed",status="200"\} \d+$/m);
    expect(text).toMatch(/^relay_deltas_sent_total\{topic="offers"\} \d+$/m);
    expect(text).toMatch(/^relay_connected_sockets\{transport="socketio"\} \d+$/m);
    expect(text).toMatch(/^relay_push_latency_seconds_count\{topic="offers"\} \d+$/m);
    expect(text).toMatch(/^relay_active_pollers \d+$/m);
    // prom-client's standard process and Node.js metrics beside the relay's own.
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'process_open_fds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds_count',
    ]) {
      expect(text, name).toMatch(new RegExp(`^${name}(\\{[^}]*\\})? [\\d.e+-]+$`, 'm'));
    }
    const health = (await (await fetch(`${relay.url}/healthz`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ relay: 'ok', upstream: { status: 'ok' }, live: { store: 'memory', change_stream: false } });
  });

  it('closes live connections cleanly on shutdown, so clients reconnect elsewhere', async () => {
    const closing = await startRelay(stack.upstreamUrl, { changeStream: false });
    const socket = await connectLive(closing.url, token);
    const plain = await PlainLiveClient.open(closing.url, token);
    await plain.next((m) => m.event === 'hello');
    const reason = new Promise((resolve) => socket.on('disconnect', resolve));
    await closing.close();
    expect(await reason).toBe('transport close');
    expect(await plain.closed).toEqual({ code: 1012, reason: 'Relay restarting' });
  });
});

async function expireToken(token: string): Promise<void> {
  const { createHash } = await import('node:crypto');
  const { eq } = await import('drizzle-orm');
  const { sessions } = await import('@odds/upstream/testing');
  const hash = createHash('sha256').update(token).digest('hex');
  await stack.upstream.database.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1_000) })
    .where(eq(sessions.tokenHash, hash));
}
