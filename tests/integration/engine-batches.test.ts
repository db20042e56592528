/**
 * Batch boundaries and re-decisions change nothing the engine stores: a long crossing-heavy feed
 * (tests/support/crossing-feed.ts) ingested in one call is the reference; the same feed on another
 * match, in batches of 1, 7 and 200, with the match's cache dropped before every batch (what a
 * retry after a moved ledger version or a database error does: the state is read back from the
 * tables) and with every batch sent twice (a redelivery), must store the same rows, MAX_THRESHOLD
 * counts included. And two workers whose caches miss each other's batches (a takeover): messages the
 * other one stored come back mixed with new ones, or only new ones come; either is decided again
 * from the tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedMessage } from '@odds/protocol';
import { createTestUpstream, Engine, type TestUpstream } from '@odds/upstream/testing';
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

  for (const [k, size] of [
    [1, 7],
    [2, 1],
    [3, 200],
  ] as const) {
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

  it("workers whose caches missed each other's batches, with and without a redelivery: the same rows", async () => {
    const feed = feedOf(4);
    const half = Math.floor(feed.length / 2);
    const [taken, back] = [half + 20, half + 40];
    const other = new Engine(upstream.database.db, { dispatch: false });
    await engine.ingest(matchIds[4]!, feed.slice(0, half));
    // The other worker takes the match for 20 messages (committed; this cache never saw them)...
    await other.ingest(matchIds[4]!, feed.slice(half, taken));
    // ...then it comes back here with those 20 redelivered and 20 new ones...
    const reply = await engine.ingest(matchIds[4]!, feed.slice(half, back));
    expect(reply.duplicates).toBe(taken - half);
    // ...and goes to the other one again, whose cache missed those, with only new messages.
    await other.ingest(matchIds[4]!, feed.slice(back));
    await other.close();
    expect(engine.counters.redecided + other.counters.redecided).toBe(2);
    expect(await rowsOf(4)).toEqual(reference);
  }, 120_000);
});
