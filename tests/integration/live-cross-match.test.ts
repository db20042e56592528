/**
 * The relay's cross-match read on its live path: the change notices of a burst (several matches'
 * feed and offers) make ONE `GET /api/1/live/offers?after=m:id,…`, and the consoles get exactly the
 * deltas a relay reading each match and topic on its own sends them. Two relays in front of one
 * real upstream (PGlite) watch the same matches: one with per-match reads (CROSS_MATCH_WINDOW_MS 0),
 * one with the cross-match read; the upstream counts each one's requests (each borrows its own
 * watcher's token). The engine's notices are held while a burst is ingested, then let go together,
 * so a burst is a burst however loaded the machine is. Those two relays leave aside the offers
 * the notices carry; a third applies them (the default): it reads nothing while it holds each
 * match's offers up to where the next notice's start, and reads (one cross-match read) past a gap.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_LIMITS, type ChangeNotice, type DeltaPayload, type SnapshotPayload } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '@odds/upstream/testing';
import { connectLive, LiveView, startRelay, until, type LiveSocket, type RunningRelay } from '../support/live-client';

const N = 7;
let upstream: TestUpstream;
let upstreamUrl: string;
let matchIds: number[];
const hits: { url: string; token: string }[] = [];
let lastHitAt = 0;
let failCrossMatch = 0;
const sockets: LiveSocket[] = [];
const relays: RunningRelay[] = [];
/** Per relay: its watcher's token (what its polls carry) and its views, one per match. */
const sides: Record<'perMatch' | 'crossMatch' | 'carried', { token: string; views: LiveView[] }> = {
  perMatch: { token: '', views: [] },
  crossMatch: { token: '', views: [] },
  carried: { token: '', views: [] },
};
const held: Partial<ChangeNotice>[] = [];
let holding = false;

beforeAll(async () => {
  upstream = await createTestUpstream();
  upstream.app.addHook('onRequest', async (request, reply) => {
    if (request.headers['user-agent'] === 'lightMyRequest') return;
    const path = request.url.split('?')[0]!;
    if (path === '/api/1/changes' || path === '/healthz' || path === '/readyz') return;
    hits.push({ url: request.url, token: String(request.headers.authorization ?? '').replace(/^Token /, '') });
    lastHitAt = Date.now();
    if (path === '/api/1/live/offers' && failCrossMatch > 0) {
      failCrossMatch -= 1;
      return reply.status(503).send({ statusCode: 503, error: 'Service Unavailable', message: 'cross-match read off for the test' });
    }
  });
  // A burst: the notices of the ingest calls are held, then published in one go.
  const bus = upstream.app.engine.bus;
  const publish = bus.publish.bind(bus);
  bus.publish = ((notice: ChangeNotice) => (holding ? void held.push(notice) : publish(notice))) as typeof bus.publish;
  await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  upstreamUrl = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
  const token = await upstream.login();
  const listed = await fetch(`${upstreamUrl}/api/1/1/1/matches?limit=${N}`, { headers: { authorization: `Token ${token}` } });
  matchIds = ((await listed.json()) as { results: { id: number }[] }).results.map((match) => match.id);
  expect(matchIds).toHaveLength(N);
  // An offer each before anyone watches: the relays' first reads give every match a cursor (a match
  // with none yet is read on its own, whole).
  sides.perMatch.token = token;
  for (const matchId of matchIds) await ingest(matchId, 1, 'first');
  for (const [side, windowMs, carriedOffers] of [
    ['perMatch', 0, false],
    ['crossMatch', 50, false],
    ['carried', 50, true],
  ] as const) {
    const relay = await startRelay(upstreamUrl, { changeStream: true, safetyPollMs: 600_000, catchUpMs: 100, crossMatchWindowMs: windowMs, carriedOffers });
    relays.push(relay);
    sides[side].token = await upstream.login();
    const socket = await connectLive(relay.url, sides[side].token);
    sockets.push(socket);
    for (const matchId of matchIds) {
      const view = new LiveView(socket, matchId);
      expect(await view.watch()).toEqual({ ok: true });
      sides[side].views.push(view);
    }
    await until(() => relay.relay.hub.isStreaming, 'the change stream');
  }
  await quiet();
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const relay of relays) await relay.close();
  await upstream?.close();
});

/** The feed records a console holds after `count` new offers: a change bigger than a first snapshot comes as a bounded fresh one. */
const feedAfter = (before: number, count: number) => (count > SNAPSHOT_LIMITS.feed! ? SNAPSHOT_LIMITS.feed! : before + count);

/** No request for a while: the relays read what they had to. */
const quiet = () => until(() => Date.now() - lastHitAt > 1_000, 'the relays to go quiet', 20_000);

async function ingest(matchId: number, count: number, tag: string): Promise<void> {
  const response = await fetch(`${upstreamUrl}/api/1/engine/match/${matchId}/ingest`, {
    method: 'POST',
    headers: { authorization: `Token ${sides.perMatch.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      messages: Array.from({ length: count }, (_, i) => ({
        type: 'offer',
        source_id: `burst-${tag}-${matchId}-${i}`,
        market_id: 1,
        match_time: 60 * (i + 1),
        prematch: false,
        score: 'H0-A0',
        outcomes: [
          { label: 'home', line: null, odds: 2000 + i * 10 },
          { label: 'draw', line: null, odds: 3300 },
          { label: 'away', line: null, odds: 3800 - i * 10 },
        ],
      })),
    }),
  });
  if (!response.ok) throw new Error(`ingest: ${response.status} ${await response.text()}`);
}

/**
 * Ingests `count` offers into every match with their notices held, lets the notices go together,
 * and waits until both relays delivered every offer; answers the requests each relay made meanwhile
 * and the deltas of feed and offers each relay's views got.
 */
async function burst(count: number, tag: string, { loseFirst = false } = {}) {
  const before = hits.length;
  const deltasBefore = Object.fromEntries(Object.entries(sides).map(([side, { views }]) => [side, views.map((view) => view.deltas.length)]));
  const snapshotsBefore = Object.fromEntries(Object.entries(sides).map(([side, { views }]) => [side, views.map((view) => view.snapshots.length)]));
  const offersBefore = sides.perMatch.views.map((view) => view.records('offers').length);
  const feedBefore = sides.perMatch.views.map((view) => view.records('feed').length);
  holding = true;
  if (loseFirst) {
    // A first ingest whose notices are lost: the next notices' offers start past what the relays hold.
    await Promise.all(matchIds.map((matchId) => ingest(matchId, count, `${tag}-lost`)));
    held.splice(0);
  }
  await Promise.all(matchIds.map((matchId) => ingest(matchId, count, tag)));
  holding = false;
  const fresh = loseFirst ? 2 * count : count;
  for (const notice of held.splice(0)) upstream.app.engine.bus.publish(notice as ChangeNotice);
  for (const [side, { views }] of Object.entries(sides)) {
    const done = () =>
      views.every((view, k) => view.records('offers').length === offersBefore[k]! + fresh && view.records('feed').length === feedAfter(feedBefore[k]!, fresh));
    await until(done, `every offer of the ${tag} burst on both relays`, 30_000).catch((error: unknown) => {
      const held = views.map((view, k) => `${view.records('offers').length - offersBefore[k]!}/${view.records('feed').length - feedBefore[k]!}`);
      throw new Error(`${side}: new offers/feed per match ${held.join(' ')}: ${String(error)}`);
    });
  }
  await quiet();
  const made = hits.slice(before);
  const count_ = (side: keyof typeof sides, match: (path: string) => boolean) =>
    made.filter((hit) => hit.token === sides[side].token && match(hit.url.split('?')[0]!)).length;
  const reads = (side: keyof typeof sides) => ({
    crossMatch: count_(side, (path) => path === '/api/1/live/offers'),
    feed: count_(side, (path) => /^\/api\/1\/match\/\d+\/feed$/.test(path)),
    offers: count_(side, (path) => /^\/api\/1\/offers\/\d+$/.test(path)),
  });
  // What the consoles got of feed and offers: deltas, and the fresh snapshots that stand for a change too big for one.
  const deltas = (side: keyof typeof sides) =>
    sides[side].views.map((view, k) => [
      ...view.deltas
        .slice(deltasBefore[side]![k])
        .filter((delta) => delta.topic === 'feed' || delta.topic === 'offers')
        .map(({ topic, upserts, removes }: DeltaPayload) => ({ topic, upserts, removes })),
      ...view.snapshots
        .slice(snapshotsBefore[side]![k])
        .filter((snapshot) => snapshot.topic === 'feed' || snapshot.topic === 'offers')
        .map(({ topic, items, fresh, more }: SnapshotPayload) => ({ topic, items, fresh, more })),
    ]);
  return {
    perMatch: reads('perMatch'),
    crossMatch: reads('crossMatch'),
    carried: reads('carried'),
    deltas: { perMatch: deltas('perMatch'), crossMatch: deltas('crossMatch'), carried: deltas('carried') },
  };
}

describe('the cross-match read on the live path', () => {
  it(`reads the feed and offers of ${N} matches noticed in one burst with one request, and sends the deltas per-match reads send`, async () => {
    for (const round of ['one', 'two']) {
      const { perMatch, crossMatch, carried, deltas } = await burst(2, round);
      expect(perMatch).toEqual({ crossMatch: 0, feed: N, offers: N });
      expect(crossMatch).toEqual({ crossMatch: 1, feed: 0, offers: 0 });
      expect(carried).toEqual({ crossMatch: 0, feed: 0, offers: 0 });
      // One delta of feed and one of offers per match, on every relay alike.
      expect(deltas.crossMatch.map((match) => match.length)).toEqual(matchIds.map(() => 2));
      expect(deltas.crossMatch).toEqual(deltas.perMatch);
      expect(deltas.carried).toEqual(deltas.perMatch);
    }
  }, 60_000);

  it("pages a burst whose offers are more than the route's limit (1,000 a read), losing none", async () => {
    // 7 × 150 = 1,050 new offers: the first answer covers 6 matches whole and part of the 7th.
    const { perMatch, crossMatch, carried, deltas } = await burst(150, 'big');
    expect(perMatch).toEqual({ crossMatch: 0, feed: N, offers: N });
    expect(crossMatch).toEqual({ crossMatch: 2, feed: 0, offers: 0 });
    expect(carried).toEqual({ crossMatch: 0, feed: 0, offers: 0 });
    expect(deltas.carried).toEqual(deltas.perMatch);
    // Offers as a delta of 150, the feed as a fresh snapshot of its newest 100 (more than a first snapshot holds).
    expect(deltas.crossMatch.map((match) => match.map(({ topic }) => topic).sort())).toEqual(matchIds.map(() => ['feed', 'offers']));
    expect(deltas.crossMatch).toEqual(deltas.perMatch);
  }, 90_000);

  it('falls back to per-match reads when the cross-match read fails, losing no delta', async () => {
    failCrossMatch = 1;
    const { crossMatch, deltas } = await burst(3, 'failing');
    expect(failCrossMatch).toBe(0);
    expect(crossMatch).toEqual({ crossMatch: 1, feed: N, offers: N });
    expect(deltas.crossMatch).toEqual(deltas.perMatch);
    // And the next burst is one read again.
    const next = await burst(1, 'after');
    expect(next.crossMatch).toEqual({ crossMatch: 1, feed: 0, offers: 0 });
    expect(next.deltas.crossMatch).toEqual(next.deltas.perMatch);
  }, 60_000);

  it('reads past a gap (notices lost) what the notices carried cannot cover, losing nothing', async () => {
    const { carried, deltas } = await burst(2, 'gap', { loseFirst: true });
    expect(carried).toEqual({ crossMatch: 1, feed: 0, offers: 0 });
    expect(deltas.carried).toEqual(deltas.perMatch);
    // Past the gap, the notices carry what follows again.
    const next = await burst(1, 'after-gap');
    expect(next.carried).toEqual({ crossMatch: 0, feed: 0, offers: 0 });
    expect(next.deltas.carried).toEqual(next.deltas.perMatch);
  }, 60_000);
});
