import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { ListReply, MatchThresholdInput, MatchThresholdSet } from '@odds/protocol';
import type { Db } from '../db/client';
import { contacts, markets, matches, thresholdSets } from '../db/schema';
import { Errors } from '../errors';
import { checkThresholdSet, type MatchRef } from './rules';
import { saveTemplate } from './saved';

function baseSelect(db: Db) {
  return db.select({ set: thresholdSets, marketName: markets.name, contactName: contacts.name }).from(thresholdSets)
    .innerJoin(markets, eq(markets.id, thresholdSets.marketId))
    .leftJoin(contacts, eq(contacts.id, thresholdSets.contactId));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];

const toSet = ({ set, marketName, contactName }: Row): MatchThresholdSet => ({
  id: set.id,
  match_id: set.matchId,
  market_id: set.marketId,
  market: { id: set.marketId, name: marketName },
  contact_id: set.contactId,
  contact: set.contactId !== null && contactName !== null ? { id: set.contactId, name: contactName } : null,
  line: set.line,
  timed: set.timedBefore !== null ? { before: set.timedBefore } : null,
  type: set.type,
  thresholds: set.thresholds,
} as MatchThresholdSet);

export async function matchOrNotFound(db: Db, matchId: number): Promise<MatchRef> {
  const [match] = await db.select({ id: matches.id, providerId: matches.providerId, sportId: matches.sportId })
    .from(matches).where(eq(matches.id, matchId));
  if (!match) throw new Errors.NotFound('Match', matchId);
  return match;
}

/** A match's threshold sets, of one market when asked, grouped by market. */
export async function listMatchSets(db: Db, matchId: number, marketId?: number): Promise<ListReply<MatchThresholdSet>> {
  await matchOrNotFound(db, matchId);
  const filters: SQL[] = [eq(thresholdSets.matchId, matchId)];
  if (marketId !== undefined) filters.push(eq(thresholdSets.marketId, marketId));
  const rows = await baseSelect(db).where(and(...filters)).orderBy(asc(thresholdSets.marketId), asc(thresholdSets.id));
  return { results: rows.map(toSet), total: rows.length, limit: Math.max(1, rows.length) };
}

/**
 * Saves a threshold set. A match keeps one set per market, contact and line: saving again (the
 * editor loads a set, the operator changes it, submits) replaces that set in place, so its id
 * stays. A named set is also kept as a saved threshold of the market, in the same transaction.
 */
export async function saveMatchSet(db: Db, matchId: number, input: MatchThresholdInput): Promise<MatchThresholdSet> {
  const match = await matchOrNotFound(db, matchId);
  const checked = await checkThresholdSet(db, match, input);
  const contactId = checked.contact?.id ?? null;
  const values = {
    matchId, marketId: input.market_id, contactId, type: input.type,
    thresholds: checked.thresholds, line: checked.line, timedBefore: checked.timedBefore,
  };
  const id = await db.transaction(async (tx) => {
    const [same] = await tx.select({ id: thresholdSets.id }).from(thresholdSets).where(and(
      eq(thresholdSets.matchId, matchId), eq(thresholdSets.marketId, input.market_id),
      contactId === null ? isNull(thresholdSets.contactId) : eq(thresholdSets.contactId, contactId),
      checked.line === null ? isNull(thresholdSets.line) : eq(thresholdSets.line, checked.line),
    ));
    const [row] = same
      ? await tx.update(thresholdSets).set(values).where(eq(thresholdSets.id, same.id)).returning({ id: thresholdSets.id })
      : await tx.insert(thresholdSets).values(values).returning({ id: thresholdSets.id });
    const name = input.saveAsTemplate?.trim();
    if (name) {
      await saveTemplate(tx, {
        providerId: match.providerId, marketId: input.market_id, name, isDefault: input.saveAsTemplateDefault ?? false,
        type: input.type, thresholds: checked.thresholds, contactId, channelId: checked.contact?.channelId ?? null, line: checked.line,
      });
    }
    return row!.id;
  });
  const [saved] = await baseSelect(db).where(eq(thresholdSets.id, id));
  return toSet(saved!);
}

/**
 * Deletes sets of the match by id ('Delete all' sends every id of a market). An id that is not a
 * set of this match is refused and nothing is deleted, so a stale screen cannot half-delete.
 */
export async function deleteMatchSets(db: Db, matchId: number, ids: number[]): Promise<number> {
  await matchOrNotFound(db, matchId);
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await tx.delete(thresholdSets)
      .where(and(eq(thresholdSets.matchId, matchId), inArray(thresholdSets.id, unique)))
      .returning({ id: thresholdSets.id });
    const missing = unique.filter((id) => !found.some((row) => row.id === id));
    if (missing.length) throw new Errors.NotFound('Threshold set', `${missing.join(', ')} of match ${matchId}`);
    return found.length;
  });
}
