import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { acquireRedis, testPrefix } from '../../../../tests/support/redis';
import { connectRedis, type RedisConnections } from '../../redis';
import { matchKeys } from '../ground/keys';
import { distinctEditors, MemoryPresence, RedisPresence } from './presence';

const ben = { id: 2, name: 'Ben' };
const ana = { id: 1, name: 'Ana' };

describe('presence board in memory', () => {
  it('lists each operator editing a tab once, however many sockets, sorted by name then tab', async () => {
    const board = new MemoryPresence();
    const presence = await board.publish(
      7,
      [ben, ana, ben],
      [
        { conn: 's1', ...ben, tab: 'thresholds' },
        { conn: 's2', ...ben, tab: 'thresholds' },
        { conn: 's3', ...ana, tab: 'stats' },
        { conn: 's4', ...ana, tab: 'content' },
      ],
    );
    expect(presence).toEqual({
      viewers: [ana, ben],
      editors: [
        { ...ana, tab: 'content' },
        { ...ana, tab: 'stats' },
        { ...ben, tab: 'thresholds' },
      ],
    });
    expect(await board.publish(7, [ana])).toEqual({ viewers: [ana], editors: [] });
  });

  it('tells two operators of the same name apart by id', () => {
    expect(
      distinctEditors([
        { id: 3, name: 'Sam', tab: 'trackers' },
        { id: 4, name: 'Sam', tab: 'trackers' },
      ]),
    ).toHaveLength(2);
  });
});

const redis = await acquireRedis();
if ('skip' in redis) console.warn(`[presence Redis suite skipped] ${redis.skip}`);

describe.skipIf('skip' in redis)('presence board in Redis, shared by two instances', () => {
  let connections: RedisConnections;
  const prefix = testPrefix('presence');
  beforeAll(async () => {
    if ('skip' in redis) return;
    connections = await connectRedis(redis.url, pino({ level: 'silent' }));
  });
  afterAll(async () => {
    await connections?.close();
    if (!('skip' in redis)) await redis.release();
  });

  it("each instance sees the other's viewers and editors; an instance leaving takes its own away", async () => {
    const one = new RedisPresence(connections.commands, prefix, 'one');
    const two = new RedisPresence(connections.commands, prefix, 'two');
    await one.publish(9, [ana], [{ conn: 'a1', ...ana, tab: 'thresholds' }]);
    expect(await two.publish(9, [ben], [])).toEqual({ viewers: [ana, ben], editors: [{ ...ana, tab: 'thresholds' }] });
    // Ana's socket on instance two edits the same tab: still one entry; her stop on one leaves two's.
    await two.publish(9, [ben, ana], [{ conn: 'a2', ...ana, tab: 'thresholds' }]);
    expect(await one.publish(9, [ana], [])).toEqual({ viewers: [ana, ben], editors: [{ ...ana, tab: 'thresholds' }] });
    expect(await two.publish(9, [], [])).toEqual({ viewers: [ana], editors: [] });
    expect(await one.publish(9, [], [])).toEqual({ viewers: [], editors: [] });
  });

  it('ignores and deletes the entry of an instance that stopped refreshing (a crash)', async () => {
    const crashed = new RedisPresence(connections.commands, prefix, 'crashed', 50);
    const alive = new RedisPresence(connections.commands, prefix, 'alive', 50);
    await crashed.publish(10, [ben], [{ conn: 'b1', ...ben, tab: 'content' }]);
    expect((await alive.publish(10, [ana], [])).editors).toEqual([{ ...ben, tab: 'content' }]);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await alive.publish(10, [ana], [])).toEqual({ viewers: [ana], editors: [] });
    expect(await connections.commands.hKeys(matchKeys(prefix, 10).presence)).toEqual(['alive']);
  });

  it('reads entries of relays that knew no editing', async () => {
    await connections.commands.hSet(matchKeys(prefix, 11).presence, 'old', JSON.stringify({ at: Date.now(), viewers: [ben] }));
    expect(await new RedisPresence(connections.commands, prefix, 'new').publish(11, [ana], [])).toEqual({ viewers: [ana, ben], editors: [] });
  });
});
