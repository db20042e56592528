/**
 * The compliance daily cap holds for every interleaving (docs/compliance.md, DAILY_CAP): one person
 * contact in Tokyo with a cap of 3 pushes per local day, on two matches decided at once by two
 * engine workers on one Postgres. Each simulated day both matches fire 2 or 3 times (at random
 * minutes, in random order, after random delays): 4 to 6 candidate pushes for 3 places. The day runs
 * from 08:30 to 09:30 Tokyo time, across midnight UTC, so a cap counted on the UTC day would let
 * more through. The invariant is checked on the stored deliveries: never more than 3 in one Tokyo
 * day. Without the push ledger's claim for capped contacts (push-ledger.ts, spansMatches) each
 * worker counts only what it pushed itself and the cap is overrun.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedMessage } from '@odds/protocol';
import {
  classicsFixture,
  complianceChannels,
  craftContacts,
  createTestUpstream,
  Engine,
  firingMatch,
  jurisdictionRules,
  resultOfferAt,
  type TestUpstream,
} from '@odds/upstream/testing';
import { acquirePostgres } from '../support/postgres';

const postgres = await acquirePostgres();
if ('skip' in postgres) console.warn(`[daily cap race skipped] ${postgres.skip}`);

const DAYS = Number(process.env.RACE_TRIALS ?? 60);
const CAP = 3;
const DAY_MS = 24 * 3600_000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const settings = complianceChannels();

describe.skipIf('skip' in postgres)('a daily cap across two matches, decided by two workers at once', () => {
  let upstream: TestUpstream;
  let matchIds: number[];
  let contactId: number;

  beforeAll(async () => {
    if ('skip' in postgres) return;
    upstream = await createTestUpstream({ databaseUrl: postgres.url });
    const db = upstream.database.db;
    matchIds = [];
    for (const index of [6, 7, 8, 9]) {
      const id = await classicsFixture(db, index);
      await firingMatch(db, id);
      matchIds.push(id);
    }
    // Japan: a cap and no quiet hours, so only the cap refuses.
    await db.insert(jurisdictionRules).values({ jurisdiction: 'JP', dailyCap: CAP });
    const ids = await craftContacts(db, matchIds[0]!, [{ name: 'capped', jurisdiction: 'JP', timeZone: 'Asia/Tokyo' }]);
    contactId = ids.get('capped')!;
  }, 240_000);

  afterAll(async () => {
    await upstream?.close();
    if (!('skip' in postgres)) await postgres.release();
  });

  /** A day's batch of a match: 2 or 3 firings (home 2.00) at random even minutes, each re-armed (1.20) the minute before. */
  const batch = (tag: string, t0: number): FeedMessage[] => {
    const minutes = new Set<number>();
    const firings = 2 + Math.floor(Math.random() * 2);
    while (minutes.size < firings) minutes.add(2 * (1 + Math.floor(Math.random() * 30)));
    return [...minutes]
      .sort((a, b) => a - b)
      .flatMap((m) => [resultOfferAt(t0, `${tag}-r${m}`, m - 1, 1200), resultOfferAt(t0, `${tag}-f${m}`, m, 2000)] as FeedMessage[]);
  };

  async function race(engines: [Engine, Engine], pair: [number, number], firstDayMs: number): Promise<void> {
    for (let day = 0; day < DAYS; day += 1) {
      const t0 = firstDayMs + day * DAY_MS;
      await Promise.all(
        pair.map(async (matchId, k) => {
          await pause(Math.random() * 6);
          await engines[k]!.ingest(matchId, batch(`m${matchId}-d${day}`, t0));
        }),
      );
    }
  }

  /** The contact's pushes on the two matches, per Tokyo calendar day. */
  async function pushesPerLocalDay(pair: [number, number]): Promise<number[]> {
    return rowsOf<{ n: number }>(
      await upstream.database.db.execute(sql`
      select count(distinct offer_id)::int as n from deliveries
      where contact_id = ${contactId} and match_id in (${pair[0]}, ${pair[1]})
      group by (feed_at at time zone 'Asia/Tokyo')::date order by 1`),
    ).map((r) => Number(r.n));
  }

  async function check(pair: [number, number]): Promise<void> {
    const perDay = await pushesPerLocalDay(pair);
    // Every day had 4 to 6 candidates: each is filled up to the cap, and never past it.
    expect(perDay.length).toBe(DAYS);
    expect(Math.max(...perDay)).toBeLessThanOrEqual(CAP);
    expect(perDay.filter((n) => n === CAP).length).toBeGreaterThan(DAYS * 0.9);
    const refused = rowsOf<{ n: number }>(
      await upstream.database.db.execute(sql`
      select count(*)::int as n from suppressions
      where contact_id = ${contactId} and match_id in (${pair[0]}, ${pair[1]}) and reason = 'DAILY_CAP'`),
    );
    expect(Number(refused[0]!.n)).toBeGreaterThanOrEqual(DAYS);
  }

  const engine = (onlyWriter = false) => new Engine(upstream.database.db, { dispatch: false, onlyWriter, sending: { channels: settings } });

  it('in two workers: never more than the cap in the recipient’s local day', async () => {
    const engines: [Engine, Engine] = [engine(), engine()];
    const pair: [number, number] = [matchIds[0]!, matchIds[1]!];
    // 23:30 UTC is 08:30 in Tokyo: the hour of firings crosses midnight UTC, not Tokyo's.
    await race(engines, pair, Date.parse('2031-08-01T23:30:00Z'));
    await Promise.all(engines.map((e) => e.close()));
    await check(pair);
  }, 600_000);

  it('in two workers that each take themselves for the only writer: never more than the cap', async () => {
    // The ledger is then checked by each batch's write, not read before it (EngineOptions.onlyWriter).
    const engines: [Engine, Engine] = [engine(true), engine(true)];
    const pair: [number, number] = [matchIds[2]!, matchIds[3]!];
    await race(engines, pair, Date.parse('2034-11-01T23:30:00Z'));
    await Promise.all(engines.map((e) => e.close()));
    await check(pair);
  }, 600_000);
});
