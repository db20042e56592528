/**
 * The one way an offer reaches a console: a match's engine batches are numbered publications, and
 * their change notices carry the offers (docs/live-path.md, "Publications"). A relay in front of a
 * real upstream (PGlite) watches N matches; the upstream counts its requests. While each match's
 * offsets follow, the relay reads no feed or offers at all; a gap (notices lost), a notice without
 * its offers (a fired batch, or one too big for the transport) or a reset (another epoch) make it read the match,
 * once per topic, and what follows is carried again. Every time, the consoles hold exactly what
 * the upstream's own reads answer. The notices of a burst are held while it is ingested and let go
 * together, so a burst is a burst however loaded the machine is.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_LIMITS, type ChangeNotice } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '@odds/upstream/testing';
import { connectLive, LiveView, startRelay, until, type LiveSocket, type RunningRelay } from '../support/live-client';

const N = 5;
let upstream: TestUpstream;
let upstreamUrl: string;
let token: string;
let relayToken: string;
let matchIds: number[];
const hits: { url: string; token: string }[] = [];
let lastHitAt = 0;
let socket: LiveSocket;
let relay: RunningRelay;
const views: LiveView[] = [];
const held: ChangeNotice[] = [];
let holding = false;
let warm: { feed: number; offers: number };

beforeAll(async () => {
  upstream = await createTestUpstream();
  upstream.app.addHook('onRequest', async (request) => {
    if (request.headers['user-agent'] === 'lightMyRequest') return;
    const path = request.url.split('?')[0]!;
    if (path === '/api/1/changes' || path === '/healthz' || path === '/readyz') return;
    hits.push({ url: request.url, token: String(request.headers.authorization ?? '').replace(/^Token /, '') });
    lastHitAt = Date.now();
  });
  const bus = upstream.app.engine.bus;
  const publish = bus.publish.bind(bus);
  bus.publish = ((notice: ChangeNotice) => (holding ? void held.push(notice) : publish(notice))) as typeof bus.publish;
  await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  upstreamUrl = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
  token = await upstream.login();
  const listed = await fetch(`${upstreamUrl}/api/1/1/1/matches?limit=${N}`, { headers: { authorization: `Token ${token}` } });
  matchIds = ((await listed.json()) as { results: { id: number }[] }).results.map((match) => match.id);
  expect(matchIds).toHaveLength(N);
  for (const matchId of matchIds) await ingest(matchId, 1, 'first');
  relay = await startRelay(upstreamUrl, { changeStream: true, safetyPollMs: 600_000, catchUpMs: 100 });
  relayToken = await upstream.login();
  socket = await connectLive(relay.url, relayToken);
  for (const matchId of matchIds) {
    const view = new LiveView(socket, matchId);
    expect(await view.watch()).toEqual({ ok: true });
    views.push(view);
  }
  await until(() => relay.relay.hub.isStreaming, 'the change stream');
  await quiet();
  // The first notices after the relay started: their publications follow the one its first safety check saw.
  warm = await burst(1, 'warm');
}, 60_000);

afterAll(async () => {
  socket?.close();
  await relay?.close();
  await upstream?.close();
});

/** No request for a while: the relay read what it had to. */
const quiet = () => until(() => Date.now() - lastHitAt > 1_000, 'the relay to go quiet', 20_000);

async function ingest(matchId: number, count: number, tag: string): Promise<void> {
  const response = await fetch(`${upstreamUrl}/api/1/engine/match/${matchId}/ingest`, {
    method: 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
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

async function read<T>(path: string): Promise<T> {
  const response = await fetch(`${upstreamUrl}${path}`, { headers: { authorization: `Token ${token}` } });
  return (await response.json()) as T;
}

/** The consoles hold what the upstream's own reads answer: every offer, and the feed's newest. */
async function consolesHoldTheTruth(): Promise<void> {
  for (const [k, matchId] of matchIds.entries()) {
    const offers = (await read<{ results: { id: number }[] }>(`/api/1/offers/${matchId}`)).results;
    const feed = (await read<{ results: { id: number }[] }>(`/api/1/match/${matchId}/feed?limit=1000`)).results;
    expect(views[k]!.records('offers')).toEqual([...offers].sort((a, b) => a.id - b.id));
    const feedIds = views[k]!.records('feed').map((record) => record.id);
    expect(feedIds.length).toBeGreaterThanOrEqual(Math.min(feed.length, SNAPSHOT_LIMITS.feed!));
    expect(feedIds.every((id) => feed.some((event) => event.id === id))).toBe(true);
  }
}

/**
 * Ingests `count` offers into every match with their notices held, lets the notices go together
 * (`lose`: dropping the first ingest's, a gap; `bare`: without the offers they carry), waits until the consoles hold every offer, and
 * answers the relay's feed and offers reads meanwhile.
 */
async function burst(count: number, tag: string, { lose = false, bare = false } = {}) {
  const before = hits.length;
  const offersBefore = views.map((view) => view.records('offers').length);
  holding = true;
  if (lose) {
    await Promise.all(matchIds.map((matchId) => ingest(matchId, count, `${tag}-lost`)));
    held.splice(0);
  }
  await Promise.all(matchIds.map((matchId) => ingest(matchId, count, tag)));
  holding = false;
  const fresh = lose ? 2 * count : count;
  for (const notice of held.splice(0)) upstream.app.engine.bus.publish(bare ? { ...notice, offers: undefined } : notice);
  await until(() => views.every((view, k) => view.records('offers').length === offersBefore[k]! + fresh), `every offer of the ${tag} burst`, 30_000);
  await quiet();
  const made = hits.slice(before).filter((hit) => hit.token === relayToken);
  const count_ = (match: RegExp) => made.filter((hit) => match.test(hit.url.split('?')[0]!)).length;
  return { feed: count_(/^\/api\/1\/match\/\d+\/feed$/), offers: count_(/^\/api\/1\/offers\/\d+$/) };
}

describe('publications on the live path', () => {
  it("reads nothing on the first notices after the relay started: its first safety check gave each match's publications a start", () => {
    expect(warm).toEqual({ feed: 0, offers: 0 });
  });

  it(`applies the offers ${N} matches' notices carry while their offsets follow, reading nothing`, async () => {
    for (const round of ['one', 'two']) {
      expect(await burst(2, round)).toEqual({ feed: 0, offers: 0 });
      await consolesHoldTheTruth();
    }
  }, 60_000);

  it('carries a burst bigger than a first snapshot (150 offers a match) whole', async () => {
    expect(await burst(150, 'big')).toEqual({ feed: 0, offers: 0 });
    await consolesHoldTheTruth();
  }, 90_000);

  it('reads each match once per topic past a gap (notices lost), losing nothing, and applies what follows again', async () => {
    expect(await burst(2, 'gap', { lose: true })).toEqual({ feed: N, offers: N });
    await consolesHoldTheTruth();
    expect(await burst(1, 'after-gap')).toEqual({ feed: 0, offers: 0 });
    await consolesHoldTheTruth();
  }, 60_000);

  it('reads the matches whose notices came without their offers (too big for the transport, or fired), then applies what follows', async () => {
    expect(await burst(1, 'bare', { bare: true })).toEqual({ feed: N, offers: N });
    await consolesHoldTheTruth();
    expect(await burst(1, 'after-bare')).toEqual({ feed: 0, offers: 0 });
    await consolesHoldTheTruth();
  }, 60_000);

  it('reads a reset match whole (another epoch), and applies what follows', async () => {
    const [matchId] = matchIds;
    const reply = await fetch(`${upstreamUrl}/api/1/engine/match/${matchId}/reset`, { method: 'POST', headers: { authorization: `Token ${token}` } });
    expect(reply.ok).toBe(true);
    await until(() => views[0]!.records('offers').length === 0, 'the reset on the console', 20_000);
    await quiet();
    const after = await burst(1, 'epoch');
    // The reset match reads its new epoch's first publication; the others follow theirs.
    expect(after).toEqual({ feed: 1, offers: 1 });
    await consolesHoldTheTruth();
    expect(await burst(1, 'after-epoch')).toEqual({ feed: 0, offers: 0 });
  }, 60_000);
});
