/**
 * The live protocol's explicit epoch (protocol/src/live.ts): a topic's seq counts from 0 within
 * one history of the relay's state, and a client's resync naming another epoch is answered with
 * a fresh snapshot, even when its seq happens to be the relay's current one. Here the relay
 * restarts without a shared store (a new epoch) and the console comes back with the seq it held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeltaPayload, SnapshotPayload } from '@odds/protocol';
import { loginThrough, startStack, type Stack } from '../support/stack';
import { ask, connectLive, FeedWriter, startRelay, unpack, until, type LiveSocket, type RunningRelay } from '../support/live-client';

let stack: Stack;
let token: string;
let matchId: number;
const relays: RunningRelay[] = [];
const sockets: LiveSocket[] = [];

beforeAll(async () => {
  stack = await startStack();
  token = await loginThrough(stack.url);
  const response = await fetch(`${stack.upstreamUrl}/api/1/1/1/matches?limit=5`, { headers: { authorization: `Token ${token}` } });
  matchId = ((await response.json()) as { results: { id: number }[] }).results.at(-1)!.id;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const relay of relays) await relay.close();
  await stack?.close();
});

/** A socket that records the offers topic's snapshots and deltas of the match. */
async function consoleOn(relay: RunningRelay) {
  const socket = await connectLive(relay.url, token);
  sockets.push(socket);
  const snapshots: SnapshotPayload[] = [];
  const deltas: DeltaPayload[] = [];
  socket.on('snapshot', (p) => p.matchId === matchId && p.topic === 'offers' && snapshots.push(p));
  socket.on('delta', (p) => p.matchId === matchId && p.topic === 'offers' && deltas.push(p));
  // A big one comes packed (deflated): the same payload once inflated.
  socket.on('packed', (p) => {
    if (p.matchId !== matchId || p.topic !== 'offers') return;
    if (p.event === 'snapshot') snapshots.push(unpack<SnapshotPayload>(p));
    else deltas.push(unpack<DeltaPayload>(p));
  });
  return { socket, snapshots, deltas };
}

const ids = (items: { id: number }[]) => items.map((item) => item.id).sort((a, b) => a - b);

describe('an epoch change', () => {
  it('forces a fresh snapshot where the same seq of the old epoch would have passed for current', async () => {
    const feed = new FeedWriter(stack.upstreamUrl, token, matchId);
    await feed.offer();
    const first = await startRelay(stack.upstreamUrl, { pollIntervalMs: 300, changeStream: false, graceMs: 0 });
    relays.push(first);
    const before = await consoleOn(first);
    expect(await ask(before.socket, 'watch', matchId)).toEqual({ ok: true });
    await until(() => before.snapshots.length > 0, 'the offers snapshot');
    const held = before.snapshots.at(-1)!;
    expect(held.epoch).toEqual(expect.any(String));
    // The state's first poll is seq 1 of its epoch (not a clock reading).
    expect(held.seq).toBe(1);
    before.socket.close();
    await first.close();

    // Meanwhile an offer arrives, and the console comes back to a relay that starts a new history.
    await feed.offer();
    const second = await startRelay(stack.upstreamUrl, { pollIntervalMs: 300, changeStream: false, graceMs: 0 });
    relays.push(second);
    const after = await consoleOn(second);
    expect(await after.socket.timeout(10_000).emitWithAck('resync', { matchId, topic: 'offers', sinceSeq: held.seq, epoch: held.epoch })).toEqual({ ok: true });
    await until(() => after.snapshots.length > 0, 'a fresh snapshot');
    const fresh = after.snapshots[0]!;
    expect(fresh.epoch).not.toBe(held.epoch);
    expect(fresh).toMatchObject({ fresh: true, seq: held.seq });
    expect(ids(fresh.items)).toHaveLength(held.items.length + 1);
    // What the room pushes from here on is of the new epoch (a later poll may change an offer's status).
    for (const delta of after.deltas) expect(delta.epoch).toBe(fresh.epoch);

    // The same seq in the epoch the relay has now is current: nothing is sent.
    const sent = after.snapshots.length;
    expect(await after.socket.timeout(10_000).emitWithAck('resync', { matchId, topic: 'offers', sinceSeq: fresh.seq, epoch: fresh.epoch })).toEqual({
      ok: true,
    });
    // And a resync that names no epoch (a client older than epochs) cannot be placed: a fresh snapshot.
    expect(await after.socket.timeout(10_000).emitWithAck('resync', { matchId, topic: 'offers', sinceSeq: fresh.seq })).toEqual({ ok: true });
    await until(() => after.snapshots.length === sent + 1, 'the snapshot for the resync without an epoch');
    expect(after.snapshots.at(-1)).toMatchObject({ fresh: true, epoch: fresh.epoch, seq: fresh.seq });
  }, 60_000);
});
