import { describe, expect, it } from 'vitest';
import { addOlder, applyDelta, applySnapshot, createBuffer, rowsOf } from './topicBuffer';
import { connectionLevel } from './connection';

const row = (id: number, v = 0) => ({ id, v });
const delta = (seq: number, upserts: { id: number; v: number }[], removes: number[] = []) => ({ seq, upserts, removes });

describe('live topic buffer', () => {
  it('applies a snapshot then consecutive deltas', () => {
    const b = createBuffer<{ id: number; v: number }>();
    expect(applySnapshot(b, { seq: 3, items: [row(1), row(2)] })).toBe('applied');
    expect(applyDelta(b, delta(4, [row(3)]))).toBe('applied');
    expect(applyDelta(b, delta(5, [row(1, 9)], [2]))).toBe('applied');
    expect(b.seq).toBe(5);
    expect(rowsOf(b)).toEqual([row(3), row(1, 9)]);
  });

  it('ignores a delta it already applied', () => {
    const b = createBuffer<{ id: number; v: number }>();
    applySnapshot(b, { seq: 3, items: [row(1)] });
    expect(applyDelta(b, delta(3, [row(7)]))).toBe('stale');
    expect(b.rows.has(7)).toBe(false);
  });

  it('holds deltas that come before the snapshot and applies those after it', () => {
    const b = createBuffer<{ id: number; v: number }>();
    expect(applyDelta(b, delta(2, [row(5)]))).toBe('pending');
    expect(applyDelta(b, delta(3, [row(6)]))).toBe('pending');
    expect(applySnapshot(b, { seq: 2, items: [row(5)] })).toBe('applied');
    expect(b.seq).toBe(3);
    expect([...b.rows.keys()].sort()).toEqual([5, 6]);
    expect(b.pending.size).toBe(0);
  });

  it('reports a gap, holds what follows it, and fills in once the missed delta arrives', () => {
    const b = createBuffer<{ id: number; v: number }>();
    applySnapshot(b, { seq: 1, items: [] });
    expect(applyDelta(b, delta(3, [row(3)]))).toBe('gap');
    expect(b.seq).toBe(1);
    expect(applyDelta(b, delta(4, [row(4)]))).toBe('gap');
    // The resync answer: the missed delta 2, then 3 and 4 again (already held).
    expect(applyDelta(b, delta(2, [row(2)]))).toBe('applied');
    expect(b.seq).toBe(4);
    expect(applyDelta(b, delta(3, [row(3)]))).toBe('stale');
    expect(rowsOf(b, 'asc').map((r) => r.id)).toEqual([2, 3, 4]);
  });

  it('replaces everything on a fresh snapshot, even an older seq', () => {
    const b = createBuffer<{ id: number; v: number }>();
    applySnapshot(b, { seq: 10, items: [row(1)] });
    expect(applySnapshot(b, { seq: 4, items: [row(1)] })).toBe('stale');
    expect(applySnapshot(b, { seq: 4, items: [row(8)], fresh: true })).toBe('applied');
    expect([...b.rows.keys()]).toEqual([8]);
    expect(b.seq).toBe(4);
  });

  it('keeps at most maxRows records, dropping the oldest ids', () => {
    const b = createBuffer<{ id: number; v: number }>(2);
    applySnapshot(b, { seq: 0, items: [row(1), row(2)] });
    applyDelta(b, delta(1, [row(3)]));
    expect([...b.rows.keys()].sort()).toEqual([2, 3]);
  });
});

describe('connection level', () => {
  it('is down without a socket, else what the relay says', () => {
    expect(connectionLevel({ socket: 'disconnected', upstream: 'ok', version: 3 })).toBe('down');
    expect(connectionLevel({ socket: 'connecting', upstream: null, version: 0 })).toBe('connecting');
    expect(connectionLevel({ socket: 'connected', upstream: 'degraded', version: 3 })).toBe('degraded');
    expect(connectionLevel({ socket: 'connected', upstream: null, version: 1 })).toBe('ok');
  });
});

describe('bounded snapshots and older pages', () => {
  it('keeps the snapshot paging state, adds older rows once, and drops them on the next snapshot', () => {
    const buffer = createBuffer<{ id: number }>();
    applySnapshot(buffer, {
      seq: 10,
      items: [{ id: 50 }, { id: 40 }],
      more: true,
      outline: [{ id: 3, market_id: 1, match_time: 60, prematch: false, score: 'H0-A0', outcome_map: {} }],
    });
    expect(buffer).toMatchObject({ more: true, floor: 40 });
    expect(buffer.outline.map((point) => point.id)).toEqual([3]);
    expect(addOlder(buffer, [{ id: 39 }, { id: 40 }, { id: 38 }])).toBe(2);
    expect(rowsOf(buffer).map((row) => row.id)).toEqual([50, 40, 39, 38]);
    applySnapshot(buffer, { seq: 11, items: [{ id: 51 }], fresh: true });
    expect(rowsOf(buffer).map((row) => row.id)).toEqual([51]);
    expect(buffer).toMatchObject({ more: false, floor: 51, outline: [] });
    expect(buffer.paged.size).toBe(0);
  });

  it('a delta removing what the relay window let go leaves paged rows; one removing every live row (a reset) takes them too', () => {
    const buffer = createBuffer<{ id: number }>();
    applySnapshot(buffer, { seq: 1, items: [{ id: 20 }, { id: 21 }], more: true });
    addOlder(buffer, [{ id: 5 }, { id: 4 }]);
    applyDelta(buffer, { seq: 2, upserts: [{ id: 22 }], removes: [20, 5] });
    expect(rowsOf(buffer).map((row) => row.id)).toEqual([22, 21, 5, 4]);
    applyDelta(buffer, { seq: 3, upserts: [], removes: [21, 22] });
    expect(rowsOf(buffer)).toEqual([]);
    expect(buffer.paged.size).toBe(0);
  });
});
