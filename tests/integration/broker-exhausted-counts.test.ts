/**
 * An exhausted set's MAX_THRESHOLD count through the broker, whatever the batches: the crossing-heavy
 * feed (tests/support/crossing-feed.ts) is decided by the embedded engine in one call (the
 * reference), then published to RabbitMQ for other matches and drained by engine workers with
 * batches of 1, 7 and 200. Each run goes the way a shard can go:
 * - worker A takes the first half, with the ledger version of the match's rate-limited contacts moved
 *   under it before each batch's transaction (every batch that pushes to them is decided again);
 * - worker B takes the match over for 15 messages and commits them; A's cache never sees that;
 * - A gets the shard back with those 15 messages delivered again (an at-least-once redelivery) and
 *   20 new ones;
 * - B gets it again with only the rest, new messages its cache knows nothing before.
 * Every run must store the reference's rows, counts included. The workers run in this process (one
 * Engine each, as `npm run engine` builds them), so the test decides who holds the shard when.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedMessage } from '@odds/protocol';
import { createTestUpstream, type Db, Engine, EngineWorker, FeedPublisher, type TestUpstream } from '@odds/upstream/testing';
import { crossingFeed, storedRows } from '../support/crossing-feed';
import { waitFor } from '../support/engine-cluster';
import { prepareMatches } from '../support/engine-fixture';
import { acquirePostgresAndRabbit } from '../support/rabbitmq';

const { postgres, rabbit, skip } = await acquirePostgresAndRabbit('broker exhausted counts suite');

const DAY = 86_400_000;
const BASE = Date.parse('2031-08-01T17:59:00Z');
const SHARDS = 4;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The database as an engine sees it, with the ledger rows of every rate-limited contact moved by
 * "another worker" right before a batch's transaction: a batch that pushes to one of them finds its
 * version moved at commit and is decided again (that retry's transaction goes through untouched).
 */
function movingLedger(db: Db): Db {
  let failedAfterMove = false;
  return new Proxy(db, {
    get(target, key) {
      if (key === 'transaction') {
        return async (...args: Parameters<Db['transaction']>) => {
          const move = !failedAfterMove;
          failedAfterMove = false;
          if (move) {
            await target.execute(sql`
              insert into contact_push_ledger (contact_id, version)
              select id, 1 from contacts where rate_limited and coalesce(rate_limit_minutes, 0) > 0
              on conflict (contact_id) do update set version = contact_push_ledger.version + 1`);
          }
          try {
            return await target.transaction(...args);
          } catch (error) {
            failedAfterMove = move;
            throw error;
          }
        };
      }
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe.skipIf(skip !== null)('an exhausted set counts each crossing once on the broker', () => {
  let upstream: TestUpstream;
  let matchIds: number[];
  let reference: Awaited<ReturnType<typeof storedRows>>;
  const prefix = `exhausted-${Math.random().toString(36).slice(2, 8)}`;
  const amqpUrl = rabbit && 'url' in rabbit ? rabbit.url : '';

  beforeAll(async () => {
    if ('skip' in postgres || 'skip' in rabbit) return;
    upstream = await createTestUpstream({ databaseUrl: postgres.url });
    matchIds = await prepareMatches(upstream.database.db, 'http://127.0.0.1:9/hook', 4);
    const engine = new Engine(upstream.database.db, { dispatch: false });
    await engine.ingest(matchIds[0]!, crossingFeed(BASE, 45, 50));
    await engine.close();
    reference = await storedRows(upstream.database.db, matchIds[0]!);
  }, 240_000);

  afterAll(async () => {
    await upstream?.close();
    if (!('skip' in postgres)) await postgres.release();
  });

  async function publish(matchId: number, messages: FeedMessage[]): Promise<void> {
    const [m] = rowsOf<{ provider_id: number; sport_id: number }>(
      await upstream.database.db.execute(sql`select provider_id, sport_id from matches where id = ${matchId}`),
    );
    const publisher = await FeedPublisher.connect(amqpUrl, SHARDS, { prefix });
    await Promise.all(messages.map((message) => publisher.publish({ providerId: m!.provider_id, sportId: m!.sport_id, matchId }, [message])));
    await publisher.close();
  }

  /** Runs a worker on every shard with `engine` until the match has `stored` messages, then stops it (it acks what it holds). */
  async function drain(engine: Engine, batchMax: number, matchId: number, stored: number): Promise<void> {
    const worker = new EngineWorker({ amqpUrl, db: upstream.database.db, engine, shards: SHARDS, batchMax, prefix });
    await worker.start();
    try {
      await waitFor(
        `match ${matchId} at ${stored} messages`,
        async () => {
          const [row] = rowsOf<{ n: number }>(
            await upstream.database.db.execute(sql`
          select (select count(*)::int from offers where match_id = ${matchId}) + (select count(*)::int from match_events where match_id = ${matchId}) as n`),
          );
          return row!.n >= stored;
        },
        180_000,
      );
    } finally {
      await worker.stop();
    }
  }

  it('reference: the market is exhausted and its sets keep crossing', () => {
    const exhausted = reference.suppressions.filter((s) => s.includes('MAX_THRESHOLD'));
    expect(exhausted.length).toBeGreaterThan(0);
    expect(exhausted.some((s) => !s.includes(' x1 '))).toBe(true);
  });

  for (const [k, batchMax] of [
    [1, 1],
    [2, 7],
    [3, 200],
  ] as const) {
    it(`batches of ${batchMax}: a forced ledger retry, a takeover and a redelivery store the reference's rows`, async () => {
      const matchId = matchIds[k]!;
      const feed = crossingFeed(BASE + k * DAY, 45, 50);
      // Cut around where the market runs out of firings (about the 45th message), so each cache
      // misses a part that fires or crosses.
      const [held, taken, back] = [25, 40, 60];
      const first = new Engine(movingLedger(upstream.database.db), { dispatch: false });
      const second = new Engine(upstream.database.db, { dispatch: false });
      try {
        await publish(matchId, feed.slice(0, held));
        await drain(first, batchMax, matchId, held);
        expect(first.counters.redecided).toBeGreaterThan(0);
        await publish(matchId, feed.slice(held, taken));
        await drain(second, batchMax, matchId, taken);
        // The 15 messages the second worker stored come back to the first, with 20 new ones...
        await publish(matchId, feed.slice(held, back));
        await drain(first, batchMax, matchId, back);
        // ...and the second worker, which missed those, gets the rest.
        await publish(matchId, feed.slice(back));
        await drain(second, batchMax, matchId, feed.length);
      } finally {
        await first.close();
        await second.close();
      }
      expect(await storedRows(upstream.database.db, matchId)).toEqual(reference);
    }, 300_000);
  }
});
