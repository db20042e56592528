import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leagues, markets, matches } from '../db/schema';

/**
 * What the engine's tests feed and set up on the World Cup Classics fixtures (the seeded league of
 * past matches replayed as fixtures): a Match Result offer, the fixture, its Match Result market.
 */

/** A Match Result offer `minute` minutes after `t0`, with the home odds given (thousandths). */
export const resultOfferAt = (t0: number, id: string, minute: number, home: number) => ({
  type: 'offer',
  source_id: id,
  sent_at: new Date(t0 + minute * 60_000).toISOString(),
  market: { type_id: 1, line: null },
  outcomes: [
    { label: '1', line: null, odds: home },
    { label: 'X', line: null, odds: 3300 },
    { label: '2', line: null, odds: 3000 },
  ],
  match_time: minute * 60,
  prematch: false,
  score: 'H0-A0',
});

/** The id of the Classics fixture at `index` by start (from the sixth on: no seeded threshold sets, feed or content). */
export async function classicsFixture(db: Db, index: number): Promise<number> {
  const [classics] = await db.select().from(leagues).where(eq(leagues.uniqueId, 'wc-classics'));
  return (await db.select().from(matches).where(eq(matches.leagueId, classics!.id)).orderBy(asc(matches.start)))[index]!.id;
}

/** The Match Result market (type 1, the first) of a match's provider and sport. */
export async function resultMarketOf(db: Db, matchId: number): Promise<typeof markets.$inferSelect> {
  const [match] = await db.select().from(matches).where(eq(matches.id, matchId));
  const [market] = await db
    .select()
    .from(markets)
    .where(and(eq(markets.providerId, match!.providerId), eq(markets.sportId, match!.sportId), eq(markets.typeId, 1)))
    .orderBy(asc(markets.id))
    .limit(1);
  return market!;
}

/** A RELATIVE set's thresholds that fire when home rises 0.20 or more within 5 minutes (real time). */
export const HOME_RISES_020 = { home: { direction: 'RISE', metric: 'VALUE', value: 200, time_amount: 5, time_unit: 'MINUTES', time_basis: 'REAL' } } as const;
