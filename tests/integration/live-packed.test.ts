/**
 * Compression of the live path in the application (relay/src/live/transport/packing.ts, protocol live.ts
 * PackedPayload): sockets negotiate no per-message deflate; a long match's big snapshots go packed
 * (deflated once, a binary attachment), so its first snapshots stay small on the wire; a big
 * snapshot is deflated once however many consoles get it; a small delta goes plain, as the one
 * frame socket.io-adapter built for the whole room (engine.io's pre-encoded path: counted at
 * `ws`'s frame builder); `/live` packs for the connections that ask to.
 */
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { buildPath, LIVE_TOPICS, routes, SNAPSHOT_LIMITS, type ListReply, type LiveServerMessage, type Offer, type SnapshotPayload } from '@odds/protocol';
import { Outline, outlineOf } from '@odds/relay/testing';
import { acquireRedis, testPrefix } from '../support/redis';
import { loginThrough, startStack, type Stack } from '../support/stack';
import { connectLive, FeedWriter, LiveView, PlainLiveClient, startRelay, unpack, until, type LiveSocket, type RunningRelay } from '../support/live-client';

let stack: Stack;
let relay: RunningRelay;
let token: string;
/** The seeded 2022 final: thousands of offers, a long feed and deliveries. */
let finalId: number;
/** A quiet match, for the room broadcast. */
let quietId: number;
const sockets: LiveSocket[] = [];
const relays: RunningRelay[] = [];
/** The relay's TCP connections, to read what it wrote to each. */
const connections: Socket[] = [];

beforeAll(async () => {
  stack = await startStack();
  token = await loginThrough(stack.url);
  relay = await startRelay(stack.upstreamUrl);
  relay.relay.app.server.on('connection', (socket: Socket) => connections.push(socket));
  const auth = { headers: { authorization: `Token ${token}` } };
  const final = await fetch(`${stack.upstreamUrl}/api/1/1/1/matches?q=Argentina - France&date=2022-12-18`, auth);
  finalId = ((await final.json()) as { results: { id: number }[] }).results[0]!.id;
  const listed = await fetch(`${stack.upstreamUrl}/api/1/1/1/matches?limit=5`, auth);
  quietId = ((await listed.json()) as { results: { id: number }[] }).results.map((match) => match.id).find((id) => id !== finalId)!;
}, 120_000);
afterAll(async () => {
  vi.restoreAllMocks();
  for (const socket of sockets) socket.close();
  await relay?.close();
  for (const other of relays) await other.close().catch(() => undefined);
  await stack?.close();
});

async function watcher(matchId: number, url = relay.url): Promise<LiveView> {
  const socket = await connectLive(url, token);
  sockets.push(socket);
  const view = new LiveView(socket, matchId);
  expect(await view.watch()).toEqual({ ok: true });
  return view;
}

/** `ws`'s frame builder (exported beside WebSocket, untyped by @types/ws): what socket.io-adapter pre-encodes a broadcast with, and `ws` frames each send with. */
const Sender = (WebSocket as unknown as { Sender: { frame(data: Buffer, options: object): Buffer[] } }).Sender;
const holdsAll = (view: LiveView) => LIVE_TOPICS.every((topic) => view.seq(topic) !== undefined);
const packedCount = async () => {
  const text = await (await fetch(`${relay.url}/metrics`)).text();
  return Number(/^relay_live_packed_total\{transport="socketio"\} (\d+)/m.exec(text)?.[1] ?? 0);
};

describe('a long match over socket.io', () => {
  it('comes packed: its first snapshots of every topic take at most 40 KB on the wire, and inflate to the bounded snapshots', async () => {
    // Prime the match's live state, so the console below gets the relay's snapshots at once.
    const first = await watcher(finalId);
    await until(() => holdsAll(first), 'the first watcher to hold every topic', 60_000);

    const before = new Set(connections);
    const socket = await connectLive(relay.url, token);
    sockets.push(socket);
    const mine = connections.filter((connection) => !before.has(connection));
    expect(mine).toHaveLength(1);
    const written = mine[0]!.bytesWritten;
    const view = new LiveView(socket, finalId);
    expect(await view.watch()).toEqual({ ok: true });
    await until(() => holdsAll(view), 'the console to hold every topic');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const wire = mine[0]!.bytesWritten - written;

    // The big topics came packed; what they inflate to is what a plain snapshot would have said.
    const packedTopics = new Set(view.packed.filter((p) => p.event === 'snapshot').map((p) => p.topic));
    expect([...packedTopics].sort()).toEqual(expect.arrayContaining(['deliveries', 'feed', 'offers']));
    expect(view.records('offers')).toHaveLength(SNAPSHOT_LIMITS.offers!);
    expect(view.records('feed')).toHaveLength(SNAPSHOT_LIMITS.feed!);
    const offers = view.snapshots.find((s) => s.topic === 'offers') as SnapshotPayload<'offers'>;
    expect(offers.more).toBe(true);
    expect(offers.outline!.length).toBeGreaterThan(0);
    const json = view.snapshots.reduce((sum, s) => sum + JSON.stringify(s).length, 0);
    expect(json).toBeGreaterThan(150 * 1024);
    console.log(`[live-packed] first snapshots of the final: ${(json / 1024).toFixed(0)} KB as JSON, ${(wire / 1024).toFixed(1)} KB on the wire`);
    expect(wire).toBeLessThanOrEqual(40 * 1024);
    expect(wire).toBeLessThan(json / 8);
  });

  it("holds only the final's newest offers and the outline of the rest, which a first snapshot sends as REST has them", async () => {
    const reply = await fetch(`${stack.upstreamUrl}${buildPath(routes.matchOffers, { matchId: finalId })}`, { headers: { authorization: `Token ${token}` } });
    const all = ((await reply.json()) as ListReply<Offer>).results.sort((a, b) => b.id - a.id);
    const limit = SNAPSHOT_LIMITS.offers!;
    expect(all.length).toBeGreaterThan(limit * 2);
    const state = await relay.relay.app.live.store.snapshot(finalId, 'offers');
    expect(state.records.map((record) => record.id).sort((a, b) => b - a)).toEqual(all.slice(0, limit).map((offer) => offer.id));
    const outline = outlineOf(all.slice(limit)).map((point) => point.id);
    expect(
      Outline.from(state.outline ?? [])
        .list()
        .map((point) => point.id),
    ).toEqual(outline);
    const view = await watcher(finalId);
    await until(() => holdsAll(view), 'the console to hold every topic');
    const offers = view.snapshots.find((s) => s.topic === 'offers') as SnapshotPayload<'offers'>;
    expect(offers.outline!.map((point) => point.id)).toEqual(outline);
  });

  it('deflates a big snapshot once however many consoles open the match', async () => {
    const before = await packedCount();
    const views = await Promise.all(Array.from({ length: 20 }, () => watcher(finalId)));
    await until(() => views.every(holdsAll), 'every console to hold every topic', 30_000);
    // Each got its big snapshots packed, all from the payloads already deflated for the first watcher.
    for (const view of views) expect(view.packed.filter((p) => p.event === 'snapshot').length).toBeGreaterThanOrEqual(3);
    expect(await packedCount()).toBe(before);
  });
});

describe('a room broadcast', () => {
  it('sends a small delta plain, built into one WebSocket frame for the whole room', async () => {
    const views = await Promise.all(Array.from({ length: 30 }, () => watcher(quietId)));
    await until(() => views.every(holdsAll), 'every watcher to hold every topic');
    const feed = new FeedWriter(stack.upstreamUrl, token, quietId);
    const frames = vi.spyOn(Sender, 'frame');
    const deltaFrames = () =>
      frames.mock.calls.filter(([data]: [unknown, ...unknown[]]) => Buffer.isBuffer(data) && data.includes('"delta"') && data.includes(`"matchId":${quietId}`))
        .length;
    const deltas = views.map((view) => view.deltas.length);
    await feed.offer();
    await until(() => views.every((view, i) => view.deltas.length > deltas[i]!), 'every watcher to get the delta');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const broadcasts = views[0]!.deltas.length - deltas[0]!;
    expect(views.every((view, i) => view.deltas.length - deltas[i]! === broadcasts)).toBe(true);
    // One frame made per delta for 30 sockets: socket.io-adapter's, written as it is by engine.io
    // to each (with per-message deflate on, each socket's `ws` framed, and deflated, it again).
    expect(deltaFrames()).toBe(broadcasts);
    expect(views.every((view) => view.packed.every((p) => p.event === 'snapshot'))).toBe(true);
    frames.mockRestore();
  });

  it('negotiates no per-message deflate, whatever the client offers', async () => {
    const ws = new WebSocket(`${relay.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: { threshold: 0 } });
    const extensions = await new Promise<string>((resolve, reject) => {
      ws.once('open', () => resolve(ws.extensions));
      ws.once('error', reject);
    });
    ws.terminate();
    expect(extensions).toBe('');
  });
});

describe('/live', () => {
  it('packs big snapshots for a connection that asks (binary messages), and sends the same as text to the others', async () => {
    const packed = await PlainLiveClient.open(relay.url, token, { packed: true });
    const plain = await PlainLiveClient.open(relay.url, token);
    try {
      const snapshotOf = (client: PlainLiveClient) =>
        client.next((m) => m.event === 'snapshot' && m.data.topic === 'offers' && m.data.matchId === finalId, 20_000);
      expect(await packed.request('watch', { matchId: finalId })).toEqual({ ok: true });
      expect(await plain.request('watch', { matchId: finalId })).toEqual({ ok: true });
      const [fromPacked, fromPlain] = await Promise.all([snapshotOf(packed), snapshotOf(plain)]);
      expect(fromPacked).toEqual(fromPlain);
      expect(packed.packedMessages).toBeGreaterThanOrEqual(3);
      expect(plain.packedMessages).toBe(0);
      // Small messages (acks, hello, status) stay text for both.
      expect(packed.messages.filter((m: LiveServerMessage) => m.event === 'ack').length).toBeGreaterThan(0);
    } finally {
      packed.close();
      plain.close();
    }
  });

  it('refuses an encoding it does not speak with a 400 that says which it does', async () => {
    const ws = new WebSocket(`${relay.url.replace(/^http/, 'ws')}/live?packed=gzip`, { headers: { authorization: `Token ${token}` } });
    const refused = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      ws.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += String(chunk)));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      ws.once('open', () => reject(new Error('the upgrade was accepted')));
    });
    // Still connecting as far as `ws` knows: ending it says so as an error, expected here.
    ws.on('error', () => undefined);
    ws.terminate();
    expect(refused.status).toBe(400);
    expect((JSON.parse(refused.body) as { message: string }).message).toBe('packed must be deflate-raw (or left out for text messages only)');
  });
});

/** Ingests `count` offers of a market in one message batch: one poll, one delta of them all (big enough to go packed). */
async function ingestOffers(matchId: number, count: number): Promise<void> {
  const run = Math.random().toString(36).slice(2, 8);
  const response = await fetch(`${stack.upstreamUrl}/api/1/engine/match/${matchId}/ingest`, {
    method: 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      messages: Array.from({ length: count }, (_, i) => ({
        type: 'offer',
        source_id: `packed-${run}-${i}`,
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
  expect(response.ok).toBe(true);
}

const redis = await acquireRedis();
if ('skip' in redis) console.warn(`[live-packed Redis suite skipped] ${redis.skip}`);

describe.skipIf('skip' in redis)('two relays on one Redis', () => {
  afterAll(async () => {
    if (!('skip' in redis)) await redis.release();
  });

  it('carry a packed delta across instances: the same bytes inflate to the same delta on both, and /live on the other packs it too', {
    timeout: 60_000,
  }, async () => {
    if ('skip' in redis) return;
    const live = { redisUrl: redis.url, redisPrefix: testPrefix('packed'), pollIntervalMs: 500, changeStream: false, leaseTtlMs: 1_500, graceMs: 500 };
    const [a, b] = [await startRelay(stack.upstreamUrl, live), await startRelay(stack.upstreamUrl, live)];
    relays.push(a, b);
    const listed = await fetch(`${stack.upstreamUrl}/api/1/1/1/matches?limit=10`, { headers: { authorization: `Token ${token}` } });
    const matchId = ((await listed.json()) as { results: { id: number }[] }).results
      .map((match) => match.id)
      .filter((id) => id !== finalId && id !== quietId)[0]!;
    const onA = await watcher(matchId, a.url);
    const onB = await watcher(matchId, b.url);
    const packedOnB = await PlainLiveClient.open(b.url, token, { packed: true });
    const plainOnB = await PlainLiveClient.open(b.url, token);
    try {
      for (const client of [packedOnB, plainOnB]) expect(await client.request('watch', { matchId })).toEqual({ ok: true });
      await until(() => holdsAll(onA) && holdsAll(onB), 'both consoles to hold every topic');
      const offers = onA.records('offers').length;
      await ingestOffers(matchId, 30);
      await until(
        () => onA.records('offers').length === offers + 30 && onB.records('offers').length === offers + 30,
        "the 30 offers on both relays' consoles",
        20_000,
      );
      const packedDelta = (view: LiveView) => view.packed.find((p) => p.event === 'delta' && p.topic === 'offers');
      expect(packedDelta(onA)).toBeDefined();
      expect(unpack(packedDelta(onB)!)).toEqual(unpack(packedDelta(onA)!));
      const seq = unpack<{ seq: number }>(packedDelta(onA)!).seq;
      const isIt = (m: LiveServerMessage) => m.event === 'delta' && m.data.topic === 'offers' && m.data.seq === seq;
      const [fromPacked, fromPlain] = await Promise.all([packedOnB.next(isIt), plainOnB.next(isIt)]);
      expect(fromPacked).toEqual(fromPlain);
      expect(packedOnB.packedMessages).toBeGreaterThan(0);
      expect(plainOnB.packedMessages).toBe(0);
    } finally {
      packedOnB.close();
      plainOnB.close();
    }
  });
});
