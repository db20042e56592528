/**
 * The saturday bench's fixtures, written into a seeded database before its servers start: twenty
 * football markets for provider 1 (the ten seeded ones and ten more Over/Under lines, as a real
 * feed prices about twenty markets of a match in play) and at least N matches of provider 1 (the
 * seeded ones, then copies of them today, as a Saturday's fixture list is longer than a World Cup).
 * Answers the N match ids and each market's feed reference and outcome labels.
 */
import { and, asc, eq } from 'drizzle-orm';
import { type Db, markets, matches } from '@odds/upstream/testing';

export interface FeedMarket {
  typeId: number;
  line: number | null;
  labels: string[];
}

const EXTRA_LINES = [500, 4500, 5500, 6500, 7500, 8500, 9500, 10500, 11500, 12500];

export async function prepareSaturday(db: Db, n: number): Promise<{ matchIds: number[]; markets: FeedMarket[] }> {
  const football = and(eq(markets.providerId, 1), eq(markets.sportId, 1));
  const [template] = await db
    .select()
    .from(markets)
    .where(and(football, eq(markets.typeId, 2), eq(markets.line, 2500)));
  const { id: _id, createdAt: _c, lastModified: _l, ...rest } = template as typeof template & { createdAt?: unknown; lastModified?: unknown };
  await db
    .insert(markets)
    .values(
      EXTRA_LINES.map((line) => ({
        ...rest,
        line,
        name: `Over/Under ${line / 1000} Goals`,
        meta: { ...template!.meta, line },
      })),
    )
    .onConflictDoNothing();
  const rows = await db.select().from(markets).where(football).orderBy(asc(markets.id));
  const feedMarkets = rows
    // One market per feed reference (a dynamic-line market answers any line of its type: its own is enough).
    .filter((m, i) => rows.findIndex((o) => o.typeId === m.typeId && o.line === m.line) === i)
    .map((m) => ({ typeId: m.typeId, line: m.line, labels: Object.values(m.outcomeMapping as Record<string, string>) }));

  const existing = await db
    .select()
    .from(matches)
    .where(and(eq(matches.providerId, 1), eq(matches.sportId, 1)))
    .orderBy(asc(matches.id));
  const missing = Math.max(0, n - existing.length);
  for (let start = 0; start < missing; start += 100) {
    const today = new Date();
    today.setUTCHours(12, 0, 0, 0);
    await db.insert(matches).values(
      Array.from({ length: Math.min(100, missing - start) }, (_, j) => {
        const {
          id: _mid,
          createdAt: _mc,
          lastModified: _ml,
          ...copy
        } = existing[(start + j) % existing.length]! as (typeof existing)[number] & { createdAt?: unknown; lastModified?: unknown };
        return { ...copy, eventId: `saturday-${start + j}`, start: today, homeScore: null, awayScore: null, htHomeScore: null, htAwayScore: null };
      }),
    );
  }
  const all = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.providerId, 1), eq(matches.sportId, 1)))
    .orderBy(asc(matches.id));
  return { matchIds: all.slice(0, n).map((m) => m.id), markets: feedMarkets };
}
