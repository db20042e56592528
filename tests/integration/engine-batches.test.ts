/**
 * Batch boundaries and re-decisions change nothing the engine stores: a long crossing-heavy feed
 * (tests/support/crossing-feed.ts) ingested in one call is the reference; the same feed on another
 * match, in batches of 1, 7 and 200, with the match's cache dropped before every batch (what a
 * retry after a moved ledger version or a database error does: the state is read back from the
 * tables) and with every batch sent twice (a redelivery), must store the same rows, MAX_THRESHOLD
 * counts included. And a redelivery to a worker whose cache predates another worker's commit: the
 * messages the other one stored come back mixed with new ones and are decided again from the tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedMessage } from '@odds/protocol';
import { Engine } from '../../infra/upstream/src/engine/engine';
import { createTestUpstream, type TestUpstream } from '../../infra/upstream/src/testing';
import { crossingFeed, storedRows } from '../support/crossing-feed';
import { prepareMatches } from '../support/engine-fixture';

const DAY = 86_400_000;
const BASE = Date.parse('2031-06-01T17:59:00Z');
let upstream: TestUpstream;
let engine: Engine;
let matchIds: number[];

beforeAll(async () => {
  upstream = await createTestUpstream();
  matchIds = await prepareMatches(upstream.database.db, 'http://127.0.0.1:9/hook', 5);
  engine = new Engine(upstream.database.db, { dispatch: false });
});

afterAll(async () => {
  await engine?.close();
  await upstream?.close();
});

/** Match `k`'s copy of the feed: the same messages a day later per match (rate limits never meet). */
const feedOf = (k: number): FeedMessage[] => crossingFeed(BASE + k * DAY, 45, 50);

const rowsOf = (k: number) => storedRows(upstream.database.db, matchIds[k]!);

describe('batch boundaries, reloads and redeliveries', () => {
  let reference: Awaited<ReturnType<typeof rowsOf>>;

  it('the reference: the whole feed in one call exhausts the set and counts its crossings', async () => {
    await engine.ingest(matchIds[0]!, feedOf(0));
    reference = await rowsOf(0);
    const exhausted = reference.suppressions.filter((s) => s.includes('MAX_THRESHOLD'));
    expect(exhausted.length).toBeGreaterThan(0);
    expect(exhausted.some((s) => !s.includes(' x1 '))).toBe(true);
    expect(reference.offers.filter((o) => o.endsWith('SUSPENDED')).length).toBeGreaterThan(5);
  });

  for (const [k, size] of [[1, 7], [2, 1], [3, 200]] as const) {
    it(`batches of ${size}, the cache dropped before each and each sent twice: the same rows`, async () => {
      const feed = feedOf(k);
      for (let i = 0; i < feed.length; i += size) {
        engine.forgetMatch(matchIds[k]!);
        const batch = feed.slice(i, i + size);
        await engine.ingest(matchIds[k]!, batch);
        await engine.ingest(matchIds[k]!, batch);
      }
      const rows = await rowsOf(k);
      // Same feed a day later per match: the source ids are equal, only the day differs.
      expect(rows).toEqual(reference);
    }, 120_000);
  }

  it('a worker whose cache missed another worker\'s batch gets those messages again with new ones: the same rows', async () => {
    const feed = feedOf(4);
    const [held, taken] = [Math.floor(feed.length / 2), Math.floor(feed.length / 2) + 20];
    const other = new Engine(upstream.database.db, { dispatch: false });
    await engine.ingest(matchIds[4]!, feed.slice(0, held));
    // The other worker took the match for a while (its batch is committed, this cache never saw it)…
    await other.ingest(matchIds[4]!, feed.slice(held, taken));
    await other.close();
    // …then the shard came back here with that batch redelivered and the rest after it.
    const reply = await engine.ingest(matchIds[4]!, feed.slice(held));
    expect(reply.duplicates).toBe(taken - held);
    expect(await rowsOf(4)).toEqual(reference);
  }, 120_000);
});
