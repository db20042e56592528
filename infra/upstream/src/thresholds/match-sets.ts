import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { ListReply, MatchThresholdInput, MatchThresholdSet } from '@odds/protocol';
import type { Db, Queryable } from '../db/client';
import { contacts, markets, matches, thresholdSets } from '../db/schema';
import { Errors } from '../errors';
import { checkThresholdSet, type MatchRef } from './rules';
import { saveTemplate } from './saved';

function baseSelect(db: Db) {
  return db
    .select({ set: thresholdSets, marketName: markets.name, contactName: contacts.name })
    .from(thresholdSets)
    .innerJoin(markets, eq(markets.id, thresholdSets.marketId))
    .leftJoin(contacts, eq(contacts.id, thresholdSets.contactId));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];

const toSet = ({ set, marketName, contactName }: Row): MatchThresholdSet =>
  ({
    id: set.id,
    version: set.version,
    match_id: set.matchId,
    market_id: set.marketId,
    market: { id: set.marketId, name: marketName },
    contact_id: set.contactId,
    contact: set.contactId !== null && contactName !== null ? { id: set.contactId, name: contactName } : null,
    line: set.line,
    timed: set.timedBefore !== null ? { before: set.timedBefore } : null,
    type: set.type,
    thresholds: set.thresholds,
  }) as MatchThresholdSet;

async function matchOrNotFound(db: Db, matchId: number): Promise<MatchRef> {
  const [match] = await db.select({ id: matches.id, providerId: matches.providerId, sportId: matches.sportId }).from(matches).where(eq(matches.id, matchId));
  if (!match) throw new Errors.NotFound('Match', matchId);
  return match;
}

/** A match's threshold sets, of one market when asked (and only `ids` when given), grouped by market. */
export async function listMatchSets(db: Db, matchId: number, marketId?: number, ids?: number[]): Promise<ListReply<MatchThresholdSet>> {
  await matchOrNotFound(db, matchId);
  const filters: SQL[] = [eq(thresholdSets.matchId, matchId)];
  if (marketId !== undefined) filters.push(eq(thresholdSets.marketId, marketId));
  if (ids) filters.push(inArray(thresholdSets.id, ids));
  const rows = await baseSelect(db)
    .where(and(...filters))
    .orderBy(asc(thresholdSets.marketId), asc(thresholdSets.id));
  return { results: rows.map(toSet), total: rows.length, limit: Math.max(1, rows.length) };
}

/** A threshold set checked and ready to write: the values of its row, and the match it is for. */
export interface PreparedSet {
  match: MatchRef;
  input: MatchThresholdInput;
  values: Omit<typeof thresholdSets.$inferInsert, 'id'>;
  channelId: number | null;
  /** Set by writeMatchSet when the save also kept a named template (audited and announced with the set), with the template before. */
  savedTemplate?: { id: number; created: boolean; before: Record<string, unknown> | null };
}

/** Checks a set against the match, market and contact (400 / 404 before anything is written). */
export async function prepareMatchSet(db: Db, matchId: number, input: MatchThresholdInput): Promise<PreparedSet> {
  const match = await matchOrNotFound(db, matchId);
  const checked = await checkThresholdSet(db, match, input);
  const values = {
    matchId,
    marketId: input.market_id,
    contactId: checked.contact?.id ?? null,
    type: input.type,
    thresholds: checked.thresholds,
    line: checked.line,
    timedBefore: checked.timedBefore,
  };
  return { match, input, values, channelId: checked.contact?.channelId ?? null };
}

/** The set a save would replace: the match keeps one per market, contact and line. */
export async function sameSetId(db: Queryable, { values }: PreparedSet): Promise<number | null> {
  const [same] = await db
    .select({ id: thresholdSets.id })
    .from(thresholdSets)
    .where(
      and(
        eq(thresholdSets.matchId, values.matchId),
        eq(thresholdSets.marketId, values.marketId),
        values.contactId === null ? isNull(thresholdSets.contactId) : eq(thresholdSets.contactId, values.contactId!),
        values.line === null ? isNull(thresholdSets.line) : eq(thresholdSets.line, values.line!),
      ),
    );
  return same?.id ?? null;
}

/**
 * Writes a prepared set: over `sameId` (in place, so its id stays) or as a new one. Whether it may
 * replace is the caller's rule (routes/thresholds.ts: `replace: true` or the set's version). A named
 * set is also kept as a saved threshold of the market, in the same transaction.
 */
export async function writeMatchSet(db: Db, prepared: PreparedSet, sameId: number | null): Promise<MatchThresholdSet> {
  const { match, input, values } = prepared;
  const id = await db.transaction(async (tx) => {
    const [row] =
      sameId !== null
        ? await tx.update(thresholdSets).set(values).where(eq(thresholdSets.id, sameId)).returning({ id: thresholdSets.id })
        : await tx.insert(thresholdSets).values(values).returning({ id: thresholdSets.id });
    const name = input.saveAsTemplate?.trim();
    if (name) {
      prepared.savedTemplate = await saveTemplate(tx, {
        providerId: match.providerId,
        marketId: input.market_id,
        name,
        isDefault: input.saveAsTemplateDefault ?? false,
        type: input.type,
        thresholds: values.thresholds,
        contactId: values.contactId ?? null,
        channelId: prepared.channelId,
        line: values.line ?? null,
      });
    }
    return row!.id;
  });
  return (await getMatchSet(db, id))!;
}

export async function getMatchSet(db: Queryable, id: number): Promise<MatchThresholdSet | null> {
  const [row] = await baseSelect(db as Db).where(eq(thresholdSets.id, id));
  return row ? toSet(row) : null;
}

/**
 * Deletes sets of the match by id ('Delete all' sends every id of a market). An id that is not a
 * set of this match is refused and nothing is deleted, so a stale screen cannot half-delete.
 */
export async function deleteMatchSets(db: Db, matchId: number, ids: number[]): Promise<number> {
  await matchOrNotFound(db, matchId);
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await tx
      .delete(thresholdSets)
      .where(and(eq(thresholdSets.matchId, matchId), inArray(thresholdSets.id, unique)))
      .returning({ id: thresholdSets.id });
    const missing = unique.filter((id) => !found.some((row) => row.id === id));
    if (missing.length) throw new Errors.NotFound('Threshold set', `${missing.join(', ')} of match ${matchId}`);
    return found.length;
  });
}
