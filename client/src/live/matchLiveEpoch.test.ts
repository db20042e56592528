import type { LiveAck } from '@odds/protocol';
import { describe, expect, it } from 'vitest';
import { MatchLive } from './matchLive';
import type { LiveSocket } from './liveSocket';
import { applyDelta, applySnapshot, createBuffer, rowsOf } from './topicBuffer';

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
  sent(event: string) {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload);
  }
}

const row = (id: number, v = 0) => ({ id, v });

describe('live topic buffer epochs', () => {
  it('takes a delta of another epoch as "history gone": drops what it held and keeps the delta for after the fresh snapshot', () => {
    const b = createBuffer<{ id: number; v: number }>();
    applySnapshot(b, { epoch: 'A', seq: 5, items: [row(1)] });
    // A gap in epoch A: seq 7 is held, waiting for 6.
    expect(applyDelta(b, { epoch: 'A', seq: 7, upserts: [row(7)], removes: [] })).toBe('gap');
    // Epoch B's seq 6 is not A's seq 6: nothing of it is applied, A's held delta is dropped.
    expect(applyDelta(b, { epoch: 'B', seq: 6, upserts: [row(2)], removes: [] })).toBe('epoch');
    expect(b.seq).toBe(5);
    expect(rowsOf(b).map((r) => r.id)).toEqual([1]);
    expect([...b.pending.values()].map((d) => d.epoch)).toEqual(['B']);
    // The fresh snapshot of B (at seq 5, not newer than A's 5) replaces, then B's delta 6 applies.
    expect(applySnapshot(b, { epoch: 'B', seq: 5, items: [row(9)] })).toBe('applied');
    expect(b.epoch).toBe('B');
    expect(b.seq).toBe(6);
    expect(rowsOf(b, 'asc').map((r) => r.id)).toEqual([2, 9]);
    expect(b.pending.size).toBe(0);
  });

  it('replaces on a snapshot of another epoch even when its seq is lower and it is not flagged fresh', () => {
    const b = createBuffer<{ id: number; v: number }>();
    applySnapshot(b, { epoch: 'A', seq: 40, items: [row(1)] });
    expect(applySnapshot(b, { epoch: 'A', seq: 3, items: [row(8)] })).toBe('stale');
    expect(applySnapshot(b, { epoch: 'B', seq: 3, items: [row(8)] })).toBe('applied');
    expect(b.seq).toBe(3);
    expect([...b.rows.keys()]).toEqual([8]);
  });
});

describe('MatchLive on a new epoch', () => {
  it('resyncs the topic naming the epoch it holds, and applies the fresh snapshot that answers', () => {
    const socket = new RecordingSocket();
    const live = new MatchLive(7, Infinity, socket as unknown as LiveSocket);
    socket.fire('snapshot', { matchId: 7, topic: 'thresholds', epoch: 'A', seq: 2, items: [{ id: 1 }] });
    socket.fire('delta', { matchId: 7, topic: 'thresholds', epoch: 'A', seq: 3, upserts: [{ id: 2 }], removes: [] });
    expect(socket.sent('resync')).toEqual([]);
    // The relay restarted without its store: epoch B, whose seq 4 would look like the next one.
    socket.fire('delta', { matchId: 7, topic: 'thresholds', epoch: 'B', seq: 4, upserts: [{ id: 50 }], removes: [] });
    expect(socket.sent('resync')).toEqual([{ matchId: 7, topic: 'thresholds', sinceSeq: 3, epoch: 'A' }]);
    expect(live.state.topics.thresholds.rows.has(50)).toBe(false);
    socket.fire('snapshot', { matchId: 7, topic: 'thresholds', epoch: 'B', seq: 4, items: [{ id: 50 }, { id: 51 }], fresh: true });
    expect(live.state.topics.thresholds.epoch).toBe('B');
    expect([...live.state.topics.thresholds.rows.keys()].sort()).toEqual([50, 51]);
    live.close();
  });
});

describe('MatchLive versions', () => {
  it('moves feedVersion only for the feed topics: a threshold or history delta asks for no read of the live state', () => {
    const socket = new RecordingSocket();
    const live = new MatchLive(7, Infinity, socket as unknown as LiveSocket);
    for (const topic of ['thresholds', 'history', 'offers'] as const) socket.fire('snapshot', { matchId: 7, topic, epoch: 'A', seq: 1, items: [] });
    const [version, feedVersion] = [live.state.version, live.state.feedVersion];
    socket.fire('delta', { matchId: 7, topic: 'thresholds', epoch: 'A', seq: 2, upserts: [{ id: 1 }], removes: [] });
    socket.fire('delta', { matchId: 7, topic: 'history', epoch: 'A', seq: 2, upserts: [{ id: 1 }], removes: [] });
    expect(live.state.version).toBe(version + 2);
    expect(live.state.feedVersion).toBe(feedVersion);
    socket.fire('delta', { matchId: 7, topic: 'offers', epoch: 'A', seq: 2, upserts: [{ id: 9 }], removes: [] });
    expect(live.state.feedVersion).toBe(feedVersion + 1);
    live.close();
  });
});
