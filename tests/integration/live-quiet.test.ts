import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, LIVE_TOPICS, MATCH_TABLE_TOPICS, routes, type LiveTopic } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '@odds/upstream/testing';
import { connectLive, LiveView, startRelay, until, type LiveSocket, type RunningRelay } from '../support/live-client';

// Polls driven by the upstream's change stream: a quiet watched match costs only its safety checks
// (one live-versions call per period, no topic read), a notice fetches exactly the topics it names,
// and losing the stream falls back to checks every poll interval until it is back. Real upstream (PGlite) and relays on loopback ports; the test can cut
// the change stream (and refuse it for a while) with a hook on the upstream.
const INTERVAL_MS = 300;
const SAFETY_MS = 4_000;
let upstream: TestUpstream;
let upstreamUrl: string;
let token: string;
let matchIds: number[];
const hits: { url: string; at: number }[] = [];
const streams = new Set<ServerResponse>();
let refuseStream = false;
const relays: RunningRelay[] = [];
const sockets: LiveSocket[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  upstream = await createTestUpstream();
  upstream.app.addHook('onRequest', async (request, reply) => {
    // The safety check's own in-process reads of the match tables (light-my-request) are no requests of the relay's.
    if (request.headers['user-agent'] !== 'lightMyRequest') hits.push({ url: request.url, at: Date.now() });
    if (!request.url.startsWith('/api/1/changes')) return;
    if (refuseStream) return reply.status(503).send({ statusCode: 503, error: 'Service Unavailable', message: 'change stream off for the test' });
    streams.add(reply.raw);
    reply.raw.on('close', () => streams.delete(reply.raw));
  });
  await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  upstreamUrl = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
  token = await upstream.login();
  const response = await fetch(`${upstreamUrl}/api/1/1/1/matches?limit=5`, { headers: { authorization: `Token ${token}` } });
  matchIds = ((await response.json()) as { results: { id: number }[] }).results.map((match) => match.id);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const relay of relays) await relay.close();
  await upstream?.close();
});

async function relayWith(safetyPollMs: number): Promise<RunningRelay> {
  const relay = await startRelay(upstreamUrl, { pollIntervalMs: INTERVAL_MS, safetyPollMs, changeStream: true, graceMs: 500 });
  relays.push(relay);
  return relay;
}

async function watch(relay: RunningRelay, matchId: number): Promise<LiveView> {
  const socket = await connectLive(relay.url, token);
  sockets.push(socket);
  const view = new LiveView(socket, matchId);
  expect(await view.watch()).toEqual({ ok: true });
  return view;
}

const streaming = (relay: RunningRelay) => relay.relay.hub.isStreaming;

/** Upstream requests of the pollers of one match since a time, by topic. */
function pollsOf(matchId: number, since: number): Record<LiveTopic, number> {
  const tables = Object.fromEntries(Object.entries(MATCH_TABLE_TOPICS).map(([topic, route]) => [topic, buildPath(routes[route], { matchId })]));
  const paths = {
    feed: `/api/1/match/${matchId}/feed`,
    offers: `/api/1/offers/${matchId}`,
    deliveries: `/api/1/delivery/match/${matchId}`,
    ...tables,
  } as Record<LiveTopic, string>;
  const recent = hits.filter((hit) => hit.at >= since);
  return Object.fromEntries(LIVE_TOPICS.map((topic) => [topic, recent.filter((hit) => hit.url.split('?')[0] === paths[topic]).length])) as Record<
    LiveTopic,
    number
  >;
}

/** Safety checks of one match since a time. */
const checksOf = (matchId: number, since: number) =>
  hits.filter((hit) => hit.at >= since && hit.url === buildPath(routes.matchLiveVersions, { matchId })).length;

describe('polls driven by the change stream', () => {
  it('a quiet watched match costs one safety check per period and no read while the stream is connected', async () => {
    const relay = await relayWith(SAFETY_MS);
    await watch(relay, matchIds[0]!);
    await until(() => streaming(relay), 'the change stream');
    // The catch-up check after connecting (spread over the safety period at most).
    await until(() => checksOf(matchIds[0]!, 0) >= 2, 'the catch-up check', SAFETY_MS * 2);
    const since = Date.now();
    await sleep(10_000);
    const checks = checksOf(matchIds[0]!, since);
    expect(checks).toBeGreaterThanOrEqual(1); // the safety check does run
    expect(checks).toBeLessThanOrEqual(Math.ceil(10_000 / (SAFETY_MS / 2))); // one per period (the first within one and a half)
    // And nothing else: the old safety poll read all 7 topics each period.
    expect(Object.values(pollsOf(matchIds[0]!, since))).toEqual(LIVE_TOPICS.map(() => 0));
  }, 30_000);

  it('a notice fetches exactly the topics it names, at once', async () => {
    const relay = await relayWith(60_000);
    const matchId = matchIds[1]!;
    await watch(relay, matchId);
    await until(() => streaming(relay), 'the change stream');
    await sleep(500);
    const bus = upstream.app.engine.bus;
    for (const topics of [['deliveries'], ['feed', 'offers'], ['offers']] as LiveTopic[][]) {
      const since = Date.now();
      bus.publish({ match_id: matchId, topics });
      await until(() => topics.every((topic) => pollsOf(matchId, since)[topic] > 0), `a fetch of ${topics.join(', ')}`, 3_000);
      await sleep(300);
      const polls = pollsOf(matchId, since);
      for (const topic of LIVE_TOPICS) expect(polls[topic], `${topics.join('+')} -> ${topic}`).toBe(topics.includes(topic) ? 1 : 0);
    }
    // A notice about another match costs this one nothing.
    const since = Date.now();
    bus.publish({ match_id: matchIds[2]!, topics: ['feed', 'offers', 'deliveries'] });
    await sleep(500);
    expect(Object.values(pollsOf(matchId, since))).toEqual(LIVE_TOPICS.map(() => 0));
  }, 30_000);

  it('falls back to interval polling when the stream is lost, and back to notices when it returns', async () => {
    const relay = await relayWith(60_000);
    const matchId = matchIds[3]!;
    const view = await watch(relay, matchId);
    let providerResyncs = 0;
    view.socket.on('providerResync', () => providerResyncs++);
    await until(() => streaming(relay), 'the change stream');
    await sleep(500);
    refuseStream = true;
    for (const stream of streams) stream.destroy();
    await until(() => !streaming(relay), 'the relay to see the stream lost', 5_000);
    const lostAt = Date.now();
    await sleep(3_000);
    // A check every 300 ms (plus its own time, long on a loaded machine), not every 60 s; nothing moved, nothing read.
    expect(checksOf(matchId, lostAt)).toBeGreaterThanOrEqual(2);
    expect(Object.values(pollsOf(matchId, lostAt))).toEqual(LIVE_TOPICS.map(() => 0));
    refuseStream = false;
    const reopened = Date.now();
    await until(() => streaming(relay), 'the change stream to return', 40_000);
    // Provider-wide notices of the gap may be lost: every console is told to read provider data again.
    await until(() => providerResyncs === 1, 'the consoles to be told to read provider data again', 5_000);
    // The catch-up check (notices may have been missed meanwhile: it finds what moved), then quiet.
    const connectedAt = Date.now();
    await until(() => checksOf(matchId, connectedAt) > 0, 'the catch-up check', 10_000);
    const since = Date.now();
    await sleep(2_000);
    expect(checksOf(matchId, since)).toBe(0);
    expect(Object.values(pollsOf(matchId, since))).toEqual(LIVE_TOPICS.map(() => 0));
    // What changed while the stream was away is found by a check and read, without a notice.
    expect(reopened).toBeLessThan(since);
  }, 60_000);

  it("never polls a match's operator tables with a wall display's token; the first operator to watch reads them", async () => {
    refuseStream = false;
    const relay = await relayWith(60_000);
    const matchId = matchIds[4]!;
    const created = await fetch(`${upstreamUrl}/api/1/displays`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Quiet wall', match_ids: [matchId], league_id: null, market_id: null, theme: 'dark' }),
    });
    const display = (await created.json()) as { token: string };
    const wall = await connectLive(relay.url, display.token);
    sockets.push(wall);
    expect(await new LiveView(wall, matchId).watch()).toEqual({ ok: true });
    await until(() => streaming(relay), 'the change stream');
    const since = Date.now();
    upstream.app.engine.bus.publish({ match_id: matchId, topics: [...LIVE_TOPICS] });
    await until(() => pollsOf(matchId, since).feed > 0, "the wall's feed to be read", 3_000);
    await sleep(500);
    const tables = Object.keys(MATCH_TABLE_TOPICS) as LiveTopic[];
    // A display may not read them (403 each time): not one request.
    for (const topic of tables) expect(pollsOf(matchId, since)[topic], topic).toBe(0);
    const joined = Date.now();
    await watch(relay, matchId);
    await until(() => tables.every((topic) => pollsOf(matchId, joined)[topic] > 0), 'the operator tables to be read for the operator', 5_000);
  }, 30_000);
});
