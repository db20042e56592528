import { SNAPSHOT_LIMITS } from '@odds/protocol';
import { describe, expect, it } from 'vitest';
import { outlineOf } from './outline';
import { boundSnapshot, SnapshotCache } from './snapshot';
import { MemoryStore } from './store';

const offer = (id: number, market: number, time: number, score = 'H0-A0') => ({
  id,
  market_id: market,
  match_time: time,
  prematch: false,
  score,
  outcome_map: { home: 2000 + id },
  status: 'SKIPPED',
  raw: { big: 'x'.repeat(50) },
});

describe('bounded snapshots', () => {
  it('carries the newest SNAPSHOT_LIMITS records by id and says older ones exist', () => {
    const limit = SNAPSHOT_LIMITS.deliveries!;
    const records = Array.from({ length: limit + 30 }, (_, i) => ({ id: 1000 - i * 3 })).reverse();
    const bounded = boundSnapshot('deliveries', { epoch: 'e', seq: 7, records });
    expect(bounded.items).toHaveLength(limit);
    expect(bounded.items.map((r) => r.id)).toEqual(
      records
        .map((r) => r.id)
        .sort((a, b) => b - a)
        .slice(0, limit),
    );
    expect(bounded.more).toBe(true);
    expect(bounded.outline).toBeUndefined();
    expect(boundSnapshot('deliveries', { epoch: 'e', seq: 7, records: records.slice(0, limit) })).toMatchObject({
      more: false,
      items: records.slice(0, limit),
    });
  });

  it('sends the small match tables whole', () => {
    const records = Array.from({ length: 2_000 }, (_, i) => ({ id: i + 1 }));
    expect(boundSnapshot('thresholds', { epoch: 'e', seq: 1, records }).items).toHaveLength(2_000);
  });

  it('outlines older offers for the chart: the newest per market and time, and every score change', () => {
    const older = [offer(1, 1, 60), offer(2, 1, 60), offer(3, 2, 60), offer(4, 1, 120, 'H1-A0'), offer(5, 1, 120, 'H1-A0'), offer(6, 1, 180, 'H1-A0')];
    const points = outlineOf(older);
    expect(points.map((p) => p.id)).toEqual([2, 3, 4, 5, 6]);
    expect(Object.keys(points[0]!).sort()).toEqual(['id', 'market_id', 'match_time', 'outcome_map', 'prematch', 'score']);
    const limit = SNAPSHOT_LIMITS.offers!;
    const all = [...older, ...Array.from({ length: limit }, (_, i) => offer(100 + i, 1, 300 + i))];
    const bounded = boundSnapshot('offers', { epoch: 'e', seq: 1, records: all });
    expect(bounded.items.every((item) => item.id >= 100)).toBe(true);
    expect(bounded.outline!.map((p) => p.id)).toEqual([2, 3, 4, 5, 6]);
  });

  it('builds a topic once per seq, and again after a change', async () => {
    const store = new MemoryStore();
    const fence = store.nextFence(9);
    const limit = SNAPSHOT_LIMITS.feed!;
    await store.commit(9, 'feed', fence, { upserts: Array.from({ length: limit + 5 }, (_, i) => ({ id: i + 1 })), removes: [] });
    const cache = new SnapshotCache(store);
    const first = await cache.get(9, 'feed');
    expect(await cache.get(9, 'feed')).toBe(first);
    await store.commit(9, 'feed', fence, { upserts: [{ id: 5_000 }], removes: [] });
    const next = await cache.get(9, 'feed');
    expect(next.seq).toBe(first.seq + 1);
    expect(next.items[0]!.id).toBe(5_000);
    expect(next.items).toHaveLength(limit);
  });
});
