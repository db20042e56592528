import { and, eq, isNotNull, isNull, like } from 'drizzle-orm';
import type { Db } from '../db/client';
import { matches } from '../db/schema';
import { loadWorldCup, type WorldCupMatch } from '../data/worldcup';

/**
 * A World Cup match's extra time and shoot-out as columns of its row: the data's `et` (the score
 * after extra time, regular time's goals included) and `p` (penalties); null where not played.
 */
export function beyondRegularTime(m: WorldCupMatch) {
  return {
    etHomeScore: m.score?.et?.[0] ?? null,
    etAwayScore: m.score?.et?.[1] ?? null,
    penHomeScore: m.score?.p?.[0] ?? null,
    penAwayScore: m.score?.p?.[1] ?? null,
  };
}

/**
 * A database seeded before matches kept extra time and penalties: its played World Cup matches
 * (event ids wc{year}-{nn}, nn the match's place in the data) that went beyond 90 minutes get them
 * from the data. Touches only rows still without them, so it does nothing the second time.
 */
export async function backfillResults(db: Db): Promise<number> {
  let updated = 0;
  for (const year of [2018, 2022] as const) {
    const cup = loadWorldCup(year);
    const rows = await db
      .select({ id: matches.id, eventId: matches.eventId })
      .from(matches)
      .where(and(like(matches.eventId, `wc${year}-%`), isNotNull(matches.homeScore), isNull(matches.etHomeScore), isNull(matches.penHomeScore)));
    for (const row of rows) {
      const source = cup.matches[Number(row.eventId.slice(`wc${year}-`.length)) - 1];
      if (!source?.score?.et && !source?.score?.p) continue;
      await db.update(matches).set(beyondRegularTime(source)).where(eq(matches.id, row.id));
      updated += 1;
    }
  }
  return updated;
}
