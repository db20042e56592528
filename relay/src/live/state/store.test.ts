import { describe, expect, it } from 'vitest';
import { MemoryStore } from './store';

describe('MemoryStore', () => {
  it('numbers deltas from 0 within the topic’s epoch and serves what a client of that epoch missed', async () => {
    const store = new MemoryStore();
    const fence = store.nextFence(7);
    const { epoch, seq: base } = await store.snapshot(7, 'offers');
    expect(base).toBe(0);
    expect(epoch).toMatch(/^[\w-]{12}$/);
    expect(await store.commit(7, 'offers', fence, { upserts: [{ id: 1 }], removes: [] })).toEqual({ epoch, seq: 1 });
    expect(await store.commit(7, 'offers', fence, { upserts: [{ id: 2 }], removes: [1] })).toEqual({ epoch, seq: 2 });
    expect(await store.snapshot(7, 'offers')).toEqual({ epoch, seq: 2, records: [{ id: 2 }] });
    expect((await store.since(7, 'offers', 0, epoch)).deltas?.map((d) => d.seq)).toEqual([1, 2]);
    expect((await store.since(7, 'offers', 2, epoch)).deltas).toEqual([]);
    expect((await store.since(7, 'offers', 12, epoch)).deltas).toBeNull();
    // The same seq of another epoch (or of none) is no position in this history.
    expect(await store.since(7, 'offers', 1, 'another-life')).toEqual({ epoch, seq: 2, deltas: null });
    expect((await store.since(7, 'offers', 1, undefined)).deltas).toBeNull();
  });

  it('starts a new epoch when a released match’s state is gone', async () => {
    const store = new MemoryStore(10);
    const fence = store.nextFence(8);
    const first = await store.commit(8, 'feed', fence, { upserts: [{ id: 1 }], removes: [] });
    store.release(8);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const again = await store.commit(8, 'feed', store.nextFence(8), { upserts: [{ id: 1 }], removes: [] });
    // Seq 1 again, in another history: only the epoch tells them apart.
    expect(again!.seq).toBe(first!.seq);
    expect(again!.epoch).not.toBe(first!.epoch);
    expect((await store.since(8, 'feed', 0, first!.epoch)).deltas).toBeNull();
    expect((await store.since(8, 'feed', 0, again!.epoch)).deltas?.map((d) => d.seq)).toEqual([1]);
  });

  it('refuses writes with a fence that is no longer the newest', async () => {
    const store = new MemoryStore();
    const old = store.nextFence(7);
    store.nextFence(7);
    expect(await store.commit(7, 'feed', old, { upserts: [{ id: 1 }], removes: [] })).toBeNull();
    expect(await store.setStatus(7, old, { matchId: 7, upstream: 'ok', lastSuccessAt: null })).toBe(false);
  });
});
