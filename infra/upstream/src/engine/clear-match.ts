import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  deliveries,
  deliverySends,
  matchEvents,
  matches,
  matchLiveStates,
  offers,
  suppressions,
  thresholdFirings,
  thresholdSets,
  thresholdStates,
} from '../db/schema';
import { Errors } from '../errors';

/**
 * Clears a match's feed and everything the engine derived from it, in one transaction: its
 * deliveries, suppressions, firings, outcome states, offers, events, sends and live state (so its
 * next write starts another publication epoch). Answers how many rows of the first kinds went; 404
 * for a match that does not exist.
 */
export async function clearMatch(db: Db, matchId: number): Promise<number> {
  const [match] = await db.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId));
  if (!match) throw new Errors.NotFound('Match', matchId);
  const sets = db.select({ id: thresholdSets.id }).from(thresholdSets).where(eq(thresholdSets.matchId, matchId));
  return db.transaction(async (tx) => {
    let n = 0;
    n += (await tx.delete(deliveries).where(eq(deliveries.matchId, matchId)).returning({ id: deliveries.id })).length;
    n += (await tx.delete(suppressions).where(eq(suppressions.matchId, matchId)).returning({ id: suppressions.id })).length;
    n += (await tx.delete(thresholdFirings).where(eq(thresholdFirings.matchId, matchId)).returning({ id: thresholdFirings.id })).length;
    await tx.delete(thresholdStates).where(inArray(thresholdStates.thresholdSetId, sets));
    n += (await tx.delete(offers).where(eq(offers.matchId, matchId)).returning({ id: offers.id })).length;
    n += (await tx.delete(matchEvents).where(eq(matchEvents.matchId, matchId)).returning({ id: matchEvents.id })).length;
    await tx.delete(matchLiveStates).where(eq(matchLiveStates.matchId, matchId));
    await tx.delete(deliverySends).where(eq(deliverySends.matchId, matchId));
    return n;
  });
}
