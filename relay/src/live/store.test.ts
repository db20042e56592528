import { describe, expect, it } from 'vitest';
import { MemoryStore } from './store';

describe('MemoryStore', () => {
  it('numbers deltas from a time-based base and serves what a client missed', async () => {
    const store = new MemoryStore();
    const fence = store.nextFence(7);
    const before = Date.now();
    const { seq: base } = await store.snapshot(7, 'offers');
    expect(base).toBeGreaterThanOrEqual(before - 5);
    expect(await store.commit(7, 'offers', fence, { upserts: [{ id: 1 }], removes: [] })).toBe(base + 1);
    expect(await store.commit(7, 'offers', fence, { upserts: [{ id: 2 }], removes: [1] })).toBe(base + 2);
    expect(await store.snapshot(7, 'offers')).toEqual({ seq: base + 2, records: [{ id: 2 }] });
    expect((await store.since(7, 'offers', base)).deltas?.map((d) => d.seq)).toEqual([base + 1, base + 2]);
    expect((await store.since(7, 'offers', base + 2)).deltas).toEqual([]);
    expect((await store.since(7, 'offers', 12)).deltas).toBeNull();
  });

  it('refuses writes with a fence that is no longer the newest', async () => {
    const store = new MemoryStore();
    const old = store.nextFence(7);
    store.nextFence(7);
    expect(await store.commit(7, 'feed', old, { upserts: [{ id: 1 }], removes: [] })).toBeNull();
    expect(await store.setStatus(7, old, { matchId: 7, upstream: 'ok', lastSuccessAt: null })).toBe(false);
  });
});
