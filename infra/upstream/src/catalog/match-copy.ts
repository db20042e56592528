import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { matchContents, matches, providers, thresholdSets } from '../db/schema';
import { Errors } from '../errors';

type ContentRow = typeof matchContents.$inferSelect;
type ThresholdRow = typeof thresholdSets.$inferSelect;

/** What makes two match content records the same slot: market, language, channel, score node, timing. */
const contentKey = (r: ContentRow) =>
  JSON.stringify([r.marketId, r.marketTypeId, r.channelId, r.language, r.nodeId, r.subNode, r.leafNode, r.period, r.timed, r.contactId]);
/** What makes two threshold sets the same: market, contact, type, line and timing. */
const thresholdKey = (r: ThresholdRow) => JSON.stringify([r.marketId, r.contactId, r.type, r.line, r.timedBefore]);

/**
 * 'Copy from another match': the source's threshold sets and match content are added to the
 * target, in one transaction. Both must be the same provider's, since markets, contacts and rule
 * sets are a provider's own. What the target already has for the same slot (see the keys above) is
 * kept, not overwritten, so copying twice adds nothing the second time. Returns how many records
 * were copied.
 */
export async function copyMatch(db: Db, toId: number, fromId: number): Promise<{ contents: number[]; thresholds: number[] }> {
  if (toId === fromId) throw new Errors.BadRequest('A match cannot be copied onto itself.');
  return db.transaction(async (tx: Tx) => {
    const found = await tx
      .select({ id: matches.id, providerId: matches.providerId, provider: providers.name })
      .from(matches)
      .innerJoin(providers, eq(providers.id, matches.providerId))
      .where(inArray(matches.id, [toId, fromId]));
    const [to, from] = [found.find((m) => m.id === toId), found.find((m) => m.id === fromId)];
    if (!to) throw new Errors.NotFound('Match', toId);
    if (!from) throw new Errors.NotFound('Match', fromId);
    if (to.providerId !== from.providerId) {
      throw new Errors.BadRequest(`Match ${fromId} is ${from.provider}'s; copy from a match of ${to.provider}.`);
    }
    const [sourceContent, targetContent, sourceSets, targetSets] = await Promise.all([
      tx.select().from(matchContents).where(eq(matchContents.matchId, fromId)),
      tx.select().from(matchContents).where(eq(matchContents.matchId, toId)),
      tx.select().from(thresholdSets).where(eq(thresholdSets.matchId, fromId)),
      tx.select().from(thresholdSets).where(eq(thresholdSets.matchId, toId)),
    ]);
    const haveContent = new Set(targetContent.map(contentKey));
    const contents = sourceContent
      .filter((r) => !haveContent.has(contentKey(r)))
      .map(({ id: _id, createdAt: _created, version: _version, ...rest }) => ({ ...rest, matchId: toId }));
    const haveSets = new Set(targetSets.map(thresholdKey));
    const sets = sourceSets
      .filter((r) => !haveSets.has(thresholdKey(r)))
      .map(({ id: _id, createdAt: _created, version: _version, ...rest }) => ({ ...rest, matchId: toId }));
    const copiedContents = contents.length ? await tx.insert(matchContents).values(contents).returning({ id: matchContents.id }) : [];
    const copiedSets = sets.length ? await tx.insert(thresholdSets).values(sets).returning({ id: thresholdSets.id }) : [];
    return { contents: copiedContents.map((r) => r.id), thresholds: copiedSets.map((r) => r.id) };
  });
}
