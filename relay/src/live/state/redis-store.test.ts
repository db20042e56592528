import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { acquireRedis, testPrefix } from '../../../../tests/support/redis';
import { createRelayMetrics } from '../../metrics';
import { connectRedis, type RedisConnections } from '../../redis';
import { RedisLeases } from './lease';
import { matchKeys } from '../ground/keys';
import { RedisStore } from './redis-store';

const redis = await acquireRedis();
if ('skip' in redis) console.warn(`[redis store suite skipped] ${redis.skip}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = pino({ level: 'silent' });

describe.skipIf('skip' in redis)('live state and leases in Redis', () => {
  let connections: RedisConnections;
  const prefix = testPrefix('store');
  beforeAll(async () => {
    if ('skip' in redis) return;
    connections = await connectRedis(redis.url, log);
  });
  afterAll(async () => {
    await connections?.close();
    if (!('skip' in redis)) await redis.release();
  });

  it('commits with the current fence only, and serves snapshots and missed deltas', async () => {
    const store = new RedisStore(connections.commands, { prefix, retainMs: 60_000, maxDeltas: 3 });
    const keys = matchKeys(prefix, 5);
    await connections.commands.set(keys.fence, '2');
    const { epoch, seq: base, records } = await store.snapshot(5, 'offers');
    expect(records).toEqual([]);
    expect(base).toBe(0);
    expect(await store.commit(5, 'offers', 1, { upserts: [{ id: 1 }], removes: [] })).toBeNull();
    expect(await store.commit(5, 'offers', 2, { upserts: [{ id: 1 }, { id: 2 }], removes: [] })).toEqual({ epoch, seq: 1 });
    expect(await store.commit(5, 'offers', 2, { upserts: [{ id: 3 }], removes: [1] })).toEqual({ epoch, seq: 2 });
    expect(await store.snapshot(5, 'offers')).toEqual({ epoch, seq: 2, records: [{ id: 2 }, { id: 3 }] });
    expect((await store.since(5, 'offers', 0, epoch)).deltas).toEqual([
      { seq: 1, upserts: [{ id: 1 }, { id: 2 }], removes: [] },
      { seq: 2, upserts: [{ id: 3 }], removes: [1] },
    ]);
    expect(await store.since(5, 'offers', 2, epoch)).toEqual({ epoch, seq: 2, deltas: [] });
    // A seq of another epoch is no position in this one.
    expect(await store.since(5, 'offers', 1, 'another-life')).toEqual({ epoch, seq: 2, deltas: null });
    for (let i = 0; i < 3; i++) await store.commit(5, 'offers', 2, { upserts: [{ id: 10 + i }], removes: [] });
    // only the last 3 deltas are kept
    expect((await store.since(5, 'offers', 1, epoch)).deltas).toBeNull();
    expect((await store.since(5, 'offers', 2, epoch)).deltas?.map((d) => d.seq)).toEqual([3, 4, 5]);
    // The state expires (nobody watched for the retention time): the next commit starts a new epoch at seq 1.
    const topicKeys = keys.topic('offers');
    await connections.commands.del([topicKeys.seq, topicKeys.epoch, topicKeys.records, topicKeys.history, topicKeys.outline]);
    const renewed = await store.commit(5, 'offers', 2, { upserts: [{ id: 20 }], removes: [] });
    expect(renewed).toEqual({ epoch: expect.not.stringMatching(`^${epoch}$`), seq: 1 });
    expect((await store.since(5, 'offers', 0, renewed!.epoch)).deltas?.map((d) => d.seq)).toEqual([1]);
    expect(await store.setStatus(5, 1, { matchId: 5, upstream: 'down', lastSuccessAt: null })).toBe(false);
    expect(await store.setStatus(5, 2, { matchId: 5, upstream: 'ok', lastSuccessAt: null })).toBe(true);
    expect(await store.status(5)).toEqual({ matchId: 5, upstream: 'ok', lastSuccessAt: null });
  });

  it('drops the records a trim names and keeps its outline, replaced whole when fresh, in one commit', async () => {
    const store = new RedisStore(connections.commands, { prefix, retainMs: 60_000, maxDeltas: 10 });
    const keys = matchKeys(prefix, 6);
    await connections.commands.set(keys.fence, '1');
    const point = (id: number, market = 1) => ({ id, market_id: market, match_time: id, prematch: false, score: 'H0-A0', outcome_map: { home: 2_000 } });
    const at = await store.commit(6, 'offers', 1, { upserts: [point(1), point(2), point(3)], removes: [] });
    await store.commit(
      6,
      'offers',
      1,
      { upserts: [point(4)], removes: [3] },
      {
        drop: [1],
        outline: [
          ['1:0', point(1)],
          ['goal:1', point(1)],
        ],
        fresh: false,
      },
    );
    const state = await store.snapshot(6, 'offers');
    expect(state.records).toEqual([point(2), point(4)]);
    expect(state.outline?.sort(([a], [b]) => a.localeCompare(b))).toEqual([
      ['1:0', point(1)],
      ['goal:1', point(1)],
    ]);
    // The trim is the store's own: the delta a resync replays is the change alone.
    expect((await store.since(6, 'offers', at!.seq, at!.epoch)).deltas).toEqual([{ seq: 2, upserts: [point(4)], removes: [3] }]);
    await store.commit(6, 'offers', 1, { upserts: [], removes: [] }, { drop: [2], outline: [['2:0', point(2, 2)]], fresh: true });
    expect(await store.snapshot(6, 'offers')).toMatchObject({ records: [point(4)], outline: [['2:0', point(2, 2)]] });
    // A stale fence writes neither.
    expect(await store.commit(6, 'offers', 0, { upserts: [], removes: [] }, { drop: [4], outline: [], fresh: true })).toBeNull();
    expect((await store.snapshot(6, 'offers')).outline).toHaveLength(1);
  });

  it('grants a lease to one instance at a time, with a growing fence, and hands it over when released', async () => {
    const metrics = createRelayMetrics();
    const leases = [1, 2].map(() => new RedisLeases(connections.commands, { prefix, ttlMs: 300 }, metrics, log));
    const events: string[] = [];
    const fences: number[] = [];
    const campaigns = leases.map((lease, i) =>
      lease.campaign(9, {
        onElected: (fence) => {
          events.push(`elected ${i}`);
          fences.push(fence);
        },
        onDeposed: () => events.push(`deposed ${i}`),
      }),
    );
    await sleep(250);
    expect(events).toHaveLength(1);
    const first = Number(events[0]!.split(' ')[1]);
    await campaigns[first]!.stop();
    await sleep(250);
    expect(events).toEqual([`elected ${first}`, `deposed ${first}`, `elected ${1 - first}`]);
    expect(fences[1]).toBe(fences[0]! + 1);
    await campaigns[1 - first]!.stop();
  });

  it('takes a lease over once its holder stops renewing it', async () => {
    const metrics = createRelayMetrics();
    const keys = matchKeys(prefix, 11);
    await connections.commands.set(keys.lease, 'crashed-instance', { PX: 300 });
    const elected: number[] = [];
    const campaign = new RedisLeases(connections.commands, { prefix, ttlMs: 300 }, metrics, log).campaign(11, {
      onElected: (fence) => elected.push(fence),
      onDeposed: () => {},
    });
    await sleep(150);
    expect(elected).toEqual([]);
    await sleep(400);
    expect(elected).toHaveLength(1);
    await campaign.stop();
  });
});
