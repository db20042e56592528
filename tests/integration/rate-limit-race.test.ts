/**
 * rate_limit_minutes holds for every interleaving (docs/scaling-out.md): one
 * contact (one push per 3 minutes) on two matches, two batches raced at once, hundreds of times,
 * with random delays and random feed times (within 2 minutes of each other, so at most one of
 * the two may push) and in random order; first both batches in one engine (one worker deciding
 * two matches at once), then in two engines on one database (two workers), then in two engines
 * that each think they are the database's only writer (the ledger checked by the write). The invariant is
 * checked on the stored deliveries: no two pushes of the contact closer than 3 minutes of feed time.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedMessage } from '@odds/protocol';
import { contacts, createTestUpstream, Engine, markets, type TestUpstream } from '@odds/upstream/testing';
import { prepareMatches } from '../support/engine-fixture';
import { acquirePostgres } from '../support/postgres';

const postgres = await acquirePostgres();
if ('skip' in postgres) console.warn(`[rate limit race skipped] ${postgres.skip}`);

const TRIALS = Number(process.env.RACE_TRIALS ?? 400);
const LIMIT_MS = 3 * 60_000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf('skip' in postgres)('one contact, two matches, batches raced', () => {
  let upstream: TestUpstream;
  let matchIds: number[];
  let contactId: number;

  beforeAll(async () => {
    if ('skip' in postgres) return;
    upstream = await createTestUpstream({ databaseUrl: postgres.url });
    const db = upstream.database.db;
    matchIds = await prepareMatches(db, 'http://127.0.0.1:9/hook', 6);
    // One contact alone, one push per 3 minutes; the market fires on every crossing of home 2.50.
    await db.update(contacts).set({ active: false });
    [{ id: contactId }] = (await db
      .insert(contacts)
      .values({
        providerId: 1,
        sportId: 1,
        active: true,
        name: 'Racer',
        channelId: 1,
        languages: ['en'],
        segment: '7',
        subAll: true,
        rateLimited: true,
        rateLimitMinutes: 3,
      })
      .returning({ id: contacts.id })) as [{ id: number }];
    await db
      .update(markets)
      .set({ meta: { pass_threshold: 1 } })
      .where(sql`provider_id = 1 and type_id = 1`);
  }, 240_000);

  afterAll(async () => {
    await upstream?.close();
    if (!('skip' in postgres)) await postgres.release();
  });

  /** Trial i of a match: below the threshold, then above it `offsetS` later (a firing, a push). */
  const batch = (trial: number, startMs: number, offsetS: number): FeedMessage[] => {
    const offer = (id: string, ms: number, home: number): FeedMessage =>
      ({
        type: 'offer',
        source_id: `${id}-${trial}`,
        sent_at: new Date(ms).toISOString(),
        market: { type_id: 1, line: null },
        outcomes: [
          { label: '1', line: null, odds: home },
          { label: 'X', line: null, odds: 3300 },
          { label: '2', line: null, odds: 3000 },
        ],
        match_time: 600,
        prematch: false,
        score: 'H0-A0',
      }) as FeedMessage;
    return [offer('below', startMs, 2000), offer('above', startMs + 30_000 + offsetS * 1000, 2600)];
  };

  async function race(engines: [Engine, Engine], pair: [number, number], baseMs: number, trials = TRIALS): Promise<void> {
    for (let trial = 0; trial < trials; trial += 1) {
      const startMs = baseMs + trial * 10 * 60_000;
      await Promise.all(
        pair.map(async (matchId, k) => {
          await pause(Math.random() * 6);
          await engines[k]!.ingest(matchId, batch(trial, startMs, Math.floor(Math.random() * 120)));
        }),
      );
    }
  }

  async function pushTimes(pair: [number, number]): Promise<number[]> {
    return rowsOf<{ ms: number }>(
      await upstream.database.db.execute(sql`
      select distinct extract(epoch from feed_at) * 1000 as ms from deliveries
      where contact_id = ${contactId} and match_id in (${pair[0]}, ${pair[1]}) order by 1`),
    ).map((r) => Number(r.ms));
  }

  const closest = (times: number[]) => Math.min(...times.slice(1).map((t, i) => t - times[i]!));

  it('in one worker: no two pushes closer than the limit', async () => {
    const engine = new Engine(upstream.database.db, { dispatch: false });
    const pair: [number, number] = [matchIds[0]!, matchIds[1]!];
    await race([engine, engine], pair, Date.parse('2031-08-01T12:00:00Z'));
    const times = await pushTimes(pair);
    expect(times.length).toBeGreaterThan(TRIALS * 0.9);
    expect(times.length).toBeLessThanOrEqual(TRIALS);
    expect(closest(times)).toBeGreaterThanOrEqual(LIMIT_MS);
  }, 600_000);

  it('in two workers: no two pushes closer than the limit', async () => {
    const engines: [Engine, Engine] = [new Engine(upstream.database.db, { dispatch: false }), new Engine(upstream.database.db, { dispatch: false })];
    const pair: [number, number] = [matchIds[2]!, matchIds[3]!];
    await race(engines, pair, Date.parse('2031-09-01T12:00:00Z'));
    const times = await pushTimes(pair);
    expect(times.length).toBeGreaterThan(TRIALS * 0.9);
    expect(times.length).toBeLessThanOrEqual(TRIALS);
    expect(closest(times)).toBeGreaterThanOrEqual(LIMIT_MS);
  }, 600_000);

  it('in two workers that each take themselves for the only writer: no two pushes closer than the limit', async () => {
    // The ledger is then checked by each batch's write, not read before it (EngineOptions.onlyWriter).
    const engines: [Engine, Engine] = [
      new Engine(upstream.database.db, { dispatch: false, onlyWriter: true }),
      new Engine(upstream.database.db, { dispatch: false, onlyWriter: true }),
    ];
    const pair: [number, number] = [matchIds[4]!, matchIds[5]!];
    const trials = Math.ceil(TRIALS / 4);
    await race(engines, pair, Date.parse('2031-10-01T12:00:00Z'), trials);
    const times = await pushTimes(pair);
    expect(times.length).toBeGreaterThan(trials * 0.9);
    expect(times.length).toBeLessThanOrEqual(trials);
    expect(closest(times)).toBeGreaterThanOrEqual(LIMIT_MS);
  }, 600_000);
});
