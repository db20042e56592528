import { createServer, connect as tcpConnect, type Server, type Socket as TcpSocket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_TOPICS, type LiveTopic } from '@odds/protocol';
import { acquireRedis, testPrefix } from '../support/redis';
import { loginThrough, startStack, type Stack } from '../support/stack';
import { connectLive, FeedWriter, LiveView, PlainLiveClient, startRelay, until, type LiveSocket, type RunningRelay } from '../support/live-client';

// The live path when things go wrong or grow: the upstream going away and coming back, and two
// relay instances sharing one real Redis.
let stack: Stack;
let token: string;
let matchIds: number[];
const sockets: LiveSocket[] = [];
const relays: RunningRelay[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const byId = <T extends { id: number }>(records: T[]) => [...records].sort((a, b) => a.id - b.id);

beforeAll(async () => {
  stack = await startStack();
  token = await loginThrough(stack.url);
  const response = await fetch(`${stack.upstreamUrl}/api/1/1/1/matches?limit=5`, { headers: { authorization: `Token ${token}` } });
  matchIds = ((await response.json()) as { results: { id: number }[] }).results.map((match) => match.id);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const relay of relays) await relay.close().catch(() => {});
  await stack?.close();
});

async function watcher(relayUrl: string, matchId: number): Promise<LiveView> {
  const socket = await connectLive(relayUrl, token);
  sockets.push(socket);
  const view = new LiveView(socket, matchId);
  expect(await view.watch()).toEqual({ ok: true });
  return view;
}

async function relayOn(upstreamUrl: string, live: Parameters<typeof startRelay>[1]): Promise<RunningRelay> {
  const relay = await startRelay(upstreamUrl, live);
  relays.push(relay);
  return relay;
}

/**
 * A TCP link to the upstream that can be cut: down refuses new connections and drops open ones,
 * as a crashed or unreachable upstream does; up listens again on the same port.
 */
class Link {
  private readonly open = new Set<TcpSocket>();
  private server: Server | null = null;
  private constructor(
    private readonly targetPort: number,
    public port = 0,
  ) {}

  static async start(targetPort: number): Promise<Link> {
    const link = new Link(targetPort);
    await link.up();
    return link;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    this.server = createServer((client) => {
      const target = tcpConnect(this.targetPort, '127.0.0.1');
      for (const socket of [client, target]) {
        this.open.add(socket);
        socket.on('close', () => this.open.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(target).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async down(): Promise<void> {
    const server = this.server!;
    this.server = null;
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of this.open) socket.destroy();
    await closed;
  }
}

describe('upstream outage', () => {
  it('goes degraded then down, backs off, and recovers with no loss', { timeout: 60_000 }, async () => {
    const matchId = matchIds[0]!;
    const feed = new FeedWriter(stack.upstreamUrl, token, matchId);
    await feed.offer();
    const link = await Link.start(Number(new URL(stack.upstreamUrl).port));
    const relay = await relayOn(link.url, { pollIntervalMs: 300, backoffMs: 300, maxBackoffMs: 2_000, downAfter: 3, changeStream: false });
    const view = await watcher(relay.url, matchId);
    await until(() => view.records('offers').length === 1, 'the first offer');
    const failed = async (topic: LiveTopic | 'check') =>
      (await relay.relay.metrics.upstreamRequests.get()).values.find((v) => v.labels.topic === topic && v.labels.status === 'error')?.value ?? 0;

    await link.down();
    const outage = Date.now();
    for (let i = 0; i < 3; i++) await feed.offer();
    await until(() => view.statuses.some((s) => s.upstream === 'degraded'), 'status degraded');
    await until(() => view.statuses.some((s) => s.upstream === 'down'), 'status down');
    await sleep(4_000);
    const seconds = (Date.now() - outage) / 1000;
    // Without the change stream the relay asks for the match's versions every interval (one safety
    // check, then reads of what moved): at 300 ms that would be ~seconds/0.3 attempts; backing off
    // after failures makes far fewer.
    expect(await failed('check')).toBeGreaterThanOrEqual(3);
    expect(await failed('check')).toBeLessThan(seconds / 0.3 / 2);
    expect(view.statuses.at(-1)).toMatchObject({ matchId, upstream: 'down' });
    expect(view.statuses.at(-1)!.lastSuccessAt).not.toBeNull();

    await link.up();
    const upstreamOffers = byId(await feed.offers());
    await until(() => view.statuses.at(-1)?.upstream === 'ok', 'status ok again', 15_000);
    await until(() => view.records('offers').length === upstreamOffers.length, 'the offers of the outage', 15_000);
    expect(view.records('offers')).toEqual(upstreamOffers);
    expect(view.statuses.map((s) => s.upstream).filter((s, i, all) => s !== all[i - 1])).toEqual(['ok', 'degraded', 'down', 'ok']);
    await link.down();
  });
});

const redis = await acquireRedis();
if ('skip' in redis) console.warn(`[relay Redis suite skipped] ${redis.skip}`);

describe.skipIf('skip' in redis)('two relay instances on one Redis', () => {
  const INTERVAL_MS = 500;
  let a: RunningRelay;
  let b: RunningRelay;
  afterAll(async () => {
    if (!('skip' in redis)) await redis.release();
  });

  it('push the same deltas to clients on both, from one poller per match', { timeout: 60_000 }, async () => {
    if ('skip' in redis) return;
    const live = { redisUrl: redis.url, redisPrefix: testPrefix('relay'), pollIntervalMs: INTERVAL_MS, changeStream: false, leaseTtlMs: 1_500, graceMs: 500 };
    [a, b] = [await relayOn(stack.upstreamUrl, live), await relayOn(stack.upstreamUrl, live)];
    const matchId = matchIds[1]!;
    const feed = new FeedWriter(stack.upstreamUrl, token, matchId);
    await feed.offer();
    const onA = await watcher(a.url, matchId);
    const onB = await watcher(b.url, matchId);
    const plainOnB = await PlainLiveClient.open(b.url, token);
    expect(await plainOnB.request('watch', { matchId })).toEqual({ ok: true });
    await until(() => onA.records('offers').length === 1 && onB.records('offers').length === 1, 'both to hold the offer');
    expect(a.relay.hub.stats().polled + b.relay.hub.stats().polled).toBe(1);

    const since = stack.upstreamHits.length;
    const started = Date.now();
    await sleep(3_000);
    const ticks = (Date.now() - started) / INTERVAL_MS;
    const hits = stack.upstreamHits.slice(since);
    // One safety check per interval for the match however many relays watch it, and no read of a
    // topic whose version did not move.
    const checks = hits.filter((hit) => hit.url.startsWith(`/api/1/match/${matchId}/live-versions`)).length;
    expect(checks).toBeLessThanOrEqual(Math.ceil(ticks) + 1);
    expect(checks).toBeGreaterThanOrEqual(Math.floor(ticks / 2)); // a slow check on a busy machine stretches a tick, never adds one
    for (const [topic, path] of [
      ['feed', `/api/1/match/${matchId}/feed?`],
      ['offers', `/api/1/offers/${matchId}?`],
      ['deliveries', `/api/1/delivery/match/${matchId}?`],
    ] as const) {
      expect(hits.filter((hit) => hit.url.startsWith(path)).length, topic).toBeLessThanOrEqual(1);
    }

    const seenA = onA.deltas.length;
    const seenB = onB.deltas.length;
    await feed.offer();
    await until(() => onA.records('offers').length === 2 && onB.records('offers').length === 2, 'the new offer on both');
    const offerDeltas = (view: LiveView, seen: number) => view.deltas.slice(seen).filter((delta) => delta.topic === 'offers');
    expect(offerDeltas(onA, seenA)).toHaveLength(1);
    expect(offerDeltas(onB, seenB)).toEqual(offerDeltas(onA, seenA));
    const plainDelta = await plainOnB.next((m) => m.event === 'delta' && m.data.topic === 'offers' && m.data.seq === offerDeltas(onA, seenA)[0]!.seq);
    expect(plainDelta.data).toEqual(offerDeltas(onA, seenA)[0]);
    await until(() => onA.presence?.viewers.count === 1 && onB.presence?.viewers.count === 1, 'presence on both');
    plainOnB.close();
  });

  it('hand a match over to the other instance when its poller goes away, without losing a delta', { timeout: 60_000 }, async () => {
    if ('skip' in redis) return;
    const matchId = matchIds[1]!;
    const [leader, other] = a.relay.hub.stats().polled === 1 ? [a, b] : [b, a];
    const onOther = await watcher(other.url, matchId);
    await until(() => onOther.records('offers').length === 2, 'the snapshot on the other instance');
    const seqBefore = onOther.seq('offers')!;
    await leader.close();
    const feed = new FeedWriter(stack.upstreamUrl, token, matchId);
    await feed.offer();
    await until(() => other.relay.hub.stats().polled === 1, 'the other instance to take the match over', 10_000);
    await until(() => onOther.records('offers').length === 3, 'the offer after the handover', 10_000);
    expect(onOther.seq('offers')).toBe(seqBefore + 1);
    expect(onOther.records('offers')).toEqual(byId(await feed.offers()));
    expect(onOther.snapshots.filter((snapshot) => snapshot.fresh)).toEqual([]);
    for (const topic of LIVE_TOPICS) expect(onOther.seq(topic)).toBeDefined();
  });
});
