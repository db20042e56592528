import { deflateRawSync } from 'node:zlib';
import type { LiveAck, PackedPayload } from '@odds/protocol';
import { describe, expect, it } from 'vitest';
import { MatchLive } from './matchLive';
import type { LiveSocket } from './liveSocket';
import { LiveInbox, unpack } from './packed';
import { rowsOf } from './topicBuffer';

/** A socket.io client socket as MatchLive uses it: listeners by event, and what was emitted. */
class RecordingSocket {
  connected = true;
  readonly emitted: { event: string; payload: unknown; ack: (reply: LiveAck) => void }[] = [];
  private readonly handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  on(event: string, handler: (...args: unknown[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
  }
  off(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.get(event)?.delete(handler);
  }
  emit(event: string, payload: unknown, ack: (reply: LiveAck) => void) {
    this.emitted.push({ event, payload, ack });
  }
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}

/** What the relay sends for a big payload: its JSON deflated raw, as an ArrayBuffer (a browser's binary attachment). */
function packed(event: 'snapshot' | 'delta', payload: { matchId: number; topic: string } & Record<string, unknown>): PackedPayload {
  const bytes = deflateRawSync(Buffer.from(JSON.stringify(payload)));
  const deflated = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
  return { matchId: payload.matchId, topic: payload.topic, event, deflated } as PackedPayload;
}

const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: from + i, name: `offer ${from + i}`, odds: 2000 + i }));
const settle = async (until: () => boolean) => {
  for (let i = 0; i < 100 && !until(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('packed live payloads', () => {
  it('inflate with DecompressionStream to the payload they stand for, from an ArrayBuffer or a Uint8Array', async () => {
    const payload = { matchId: 7, topic: 'offers', epoch: 'A', seq: 3, items: rows(1, 50) };
    const fromBuffer = packed('snapshot', payload);
    expect(await unpack(fromBuffer)).toEqual(payload);
    expect(await unpack({ ...fromBuffer, deflated: new Uint8Array(fromBuffer.deflated as ArrayBuffer) })).toEqual(payload);
  });

  it('apply in the order they came: a plain delta waits for the packed snapshot before it', async () => {
    const socket = new RecordingSocket();
    const live = new MatchLive(7, Infinity, socket as unknown as LiveSocket);
    socket.fire('snapshot', { matchId: 7, topic: 'offers', epoch: 'A', seq: 2, items: rows(1, 3) });
    // The relay restarted: a fresh snapshot of a new epoch (big: packed), and the room's next delta
    // right behind it. Applied first, that delta would look like another epoch's history and ask for
    // yet another fresh snapshot.
    socket.fire('packed', packed('snapshot', { matchId: 7, topic: 'offers', epoch: 'B', seq: 5, items: rows(10, 50), fresh: true }));
    socket.fire('delta', { matchId: 7, topic: 'offers', epoch: 'B', seq: 6, upserts: [{ id: 100, name: 'new' }], removes: [10] });
    socket.fire('packed', packed('delta', { matchId: 7, topic: 'offers', epoch: 'B', seq: 7, upserts: rows(200, 40), removes: [] }));
    expect(live.state.topics.offers.seq).toBe(2);
    await settle(() => live.state.topics.offers.seq === 7);
    expect(live.state.topics.offers.seq).toBe(7);
    expect(live.state.topics.offers.epoch).toBe('B');
    const ids = rowsOf(live.state.topics.offers).map((row) => row.id);
    expect(ids).toHaveLength(50 - 1 + 1 + 40);
    expect(ids).toContain(100);
    expect(ids).not.toContain(10);
    expect(ids).not.toContain(1);
    expect(socket.emitted.filter((e) => e.event === 'resync')).toHaveLength(0);
    live.close();
  });

  it('skip other matches without inflating, and asks again for a topic whose payload cannot be read', async () => {
    const socket = new RecordingSocket();
    const live = new MatchLive(7, Infinity, socket as unknown as LiveSocket);
    socket.fire('packed', { ...packed('snapshot', { matchId: 8, topic: 'offers', epoch: 'A', seq: 1, items: rows(1, 5) }) });
    socket.fire('snapshot', { matchId: 7, topic: 'feed', epoch: 'A', seq: 2, items: rows(1, 3) });
    expect(live.state.topics.feed.seq).toBe(2);
    socket.fire('packed', { matchId: 7, topic: 'feed', event: 'delta', deflated: new Uint8Array([1, 2, 3, 4]).buffer });
    const failed = console.error;
    console.error = () => undefined;
    try {
      await settle(() => socket.emitted.some((e) => e.event === 'resync'));
    } finally {
      console.error = failed;
    }
    expect(socket.emitted.filter((e) => e.event === 'resync').map((e) => e.payload)).toEqual([{ matchId: 7, topic: 'feed', sinceSeq: 2, epoch: 'A' }]);
    expect(live.state.topics.offers.seq).toBe(-1);
    live.close();
  });

  it('drop what waits once closed', async () => {
    const applied: number[] = [];
    const inbox = new LiveInbox(() => undefined);
    inbox.packed(packed('delta', { matchId: 7, topic: 'offers', epoch: 'A', seq: 1, upserts: [], removes: [] }), () => applied.push(1));
    inbox.plain(() => applied.push(2));
    inbox.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(applied).toEqual([]);
  });
});
