import { and, asc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import { CHANNELS, leafNodeOptions, parseScoreNode, subNodeOptions, type ListReply, type MatchContent, type MatchContentInput } from '@odds/protocol';
import type { Db, Queryable } from '../db/client';
import { contacts, marketTypes, markets, matchContents, matches, ruleSets, sports } from '../db/schema';
import { Errors } from '../errors';
import { checkLanguage, checkLinkTarget, loadProvider } from './validate';

type Row = typeof matchContents.$inferSelect;

/** Match content (SPEC §3): what goes out for a market of a match at a score node, per language and channel. */

/** Rows as protocol's MatchContent, with market, market type and rule set names (one query each). */
export async function toMatchContents(db: Queryable, rows: Row[]): Promise<MatchContent[]> {
  const ids = (pick: (row: Row) => number | null) => [...new Set(rows.map(pick).filter((id): id is number => id !== null))];
  const [marketIds, typeIds, ruleSetIds] = [ids((r) => r.marketId), ids((r) => r.marketTypeId), ids((r) => r.ruleSetId)];
  const [marketRows, typeRows, ruleSetRows] = await Promise.all([
    marketIds.length ? db.select({ id: markets.id, name: markets.name }).from(markets).where(inArray(markets.id, marketIds)) : [],
    typeIds.length ? db.select({ id: marketTypes.id, name: marketTypes.name }).from(marketTypes).where(inArray(marketTypes.id, typeIds)) : [],
    ruleSetIds.length ? db.select({ id: ruleSets.id, name: ruleSets.name }).from(ruleSets).where(inArray(ruleSets.id, ruleSetIds)) : [],
  ]);
  const channelOf = (id: number) => {
    const channel = CHANNELS.find((c) => c.id === id) ?? CHANNELS[0];
    return { id: channel.id, name: channel.name, code: channel.code };
  };
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    match_id: row.matchId,
    market: marketRows.find((m) => m.id === row.marketId) ?? null,
    market_type: typeRows.find((t) => t.id === row.marketTypeId) ?? null,
    channel: channelOf(row.channelId),
    ruleset: ruleSetRows.find((r) => r.id === row.ruleSetId) ?? null,
    language: { code: row.language as MatchContent['language']['code'] },
    node_id: row.nodeId,
    sub_node: row.subNode,
    leaf_node: row.leafNode,
    link_target: row.linkTarget,
    timed: row.timed,
    contact_id: row.contactId,
    period: row.period,
    meta: { before: row.before },
    hold: row.hold,
    content: row.parts,
    flags: row.flags as MatchContent['flags'],
  }));
}

async function loadMatch(db: Queryable, matchId: number) {
  const [row] = await db
    .select({ match: matches, sport: sports })
    .from(matches)
    .innerJoin(sports, eq(sports.id, matches.sportId))
    .where(eq(matches.id, matchId));
  if (!row) throw new Errors.NotFound('Match', matchId);
  return row;
}

/** A match's content items by market (only `ids` when given). */
export async function listMatchContent(db: Db, matchId: number, ids?: number[]): Promise<ListReply<MatchContent>> {
  await loadMatch(db, matchId);
  const rows = await db
    .select()
    .from(matchContents)
    .where(and(eq(matchContents.matchId, matchId), ids && inArray(matchContents.id, ids)))
    .orderBy(asc(matchContents.marketId), asc(matchContents.id));
  return { results: await toMatchContents(db, rows), total: rows.length, limit: Math.max(rows.length, 1) };
}

/** A score node the sport has (PRE, INPLAY or a grid score up to max_score in its increments), and its sub and leaf nodes. */
function checkNodes(input: MatchContentInput, sport: typeof sports.$inferSelect): void {
  const score = parseScoreNode(input.node_id);
  const { max_score: max, increment } = sport.scores;
  if (score && (score.home > max || score.away > max || score.home % increment || score.away % increment)) {
    throw new Errors.BadRequest(`Score ${input.node_id} is not on the ${sport.name} score grid (0 to ${max} in steps of ${increment}).`);
  }
  for (const [name, value, options] of [
    ['Sub node', input.sub_node, subNodeOptions(sport.scores)],
    ['Leaf node', input.leaf_node, leafNodeOptions(sport.scores)],
  ] as const) {
    if (value === undefined || value === null) continue;
    if (!options.includes(value)) {
      throw new Errors.BadRequest(
        options.length ? `${name} ${value} is not one of ${sport.name}'s: ${options.join(', ')}.` : `${sport.name} has no ${name.toLowerCase()}s.`,
      );
    }
  }
  if (input.period && input.period > sport.periods)
    throw new Errors.BadRequest(`${sport.name} has ${sport.periods} periods; period ${input.period} does not exist.`);
}

const sameOrNull = (column: typeof matchContents.subNode | typeof matchContents.leafNode, value: string | null): SQL =>
  value === null ? isNull(column) : eq(column, value);

/**
 * Creates match content, or updates it when the body has an id. Everything it names is checked
 * against the match's provider and sport; one record per market, channel, language and node.
 */
export async function saveMatchContent(db: Db, matchId: number, input: MatchContentInput): Promise<MatchContent> {
  const id = await db.transaction(async (tx) => {
    const { match, sport } = await loadMatch(tx, matchId);
    const provider = await loadProvider(tx, match.providerId);
    const language = checkLanguage(input.language, provider);
    checkNodes(input, sport);
    const { market, marketTypeId } = await checkNamed(tx, match, input);
    const parts = input.content;
    if (!parts.title.length && !parts.content.length && !parts.cta.length && !parts.image.length) {
      throw new Errors.BadRequest('Match content needs at least one title, content, cta or image text.');
    }
    for (const entry of [...parts.content, ...parts.cta]) await checkLinkTarget(tx, entry.link_target, null, market);
    const linkTarget = await checkLinkTarget(tx, input.link_target, null, market);
    await checkNoClash(tx, matchId, input, language);
    const values = {
      matchId,
      marketId: input.market_id,
      marketTypeId,
      channelId: input.channel_id,
      ruleSetId: input.ruleset_id ?? null,
      language,
      nodeId: input.node_id,
      subNode: input.sub_node ?? null,
      leafNode: input.leaf_node ?? null,
      linkTarget,
      timed: input.timed === true,
      contactId: input.contact_id ?? null,
      period: input.period ?? null,
      before: input.meta?.before ?? null,
      parts,
      // Left out of an update, the Hold/Send flag stays as it was.
      ...((input.hold !== undefined || !input.id) && { hold: input.hold ?? false }),
      // Likewise its content flags (a jurisdiction may forbid them: docs/compliance.md).
      ...((input.flags !== undefined || !input.id) && { flags: input.flags ?? [] }),
    };
    if (input.id) {
      const [updated] = await tx
        .update(matchContents)
        .set(values)
        .where(and(eq(matchContents.id, input.id), eq(matchContents.matchId, matchId)))
        .returning({ id: matchContents.id });
      if (!updated) throw new Errors.NotFound('Match content', input.id);
      return updated.id;
    }
    const [created] = await tx.insert(matchContents).values(values).returning({ id: matchContents.id });
    return created!.id;
  });
  const rows = await db.select().from(matchContents).where(eq(matchContents.id, id));
  return (await toMatchContents(db, rows))[0]!;
}

/** The market, market type, rule set and contact the content names: each one that exists and is the match's provider's (and sport's). */
async function checkNamed(
  tx: Queryable,
  match: typeof matches.$inferSelect,
  input: MatchContentInput,
): Promise<{ market: typeof markets.$inferSelect | undefined; marketTypeId: number | null }> {
  let market: typeof markets.$inferSelect | undefined;
  if (input.market_id !== null) {
    [market] = await tx.select().from(markets).where(eq(markets.id, input.market_id));
    if (!market) throw new Errors.BadRequest(`Unknown market: ${input.market_id}.`);
    if (market.providerId !== match.providerId || market.sportId !== match.sportId)
      throw new Errors.BadRequest(`Market ${market.id} is not a market of this match's provider and sport.`);
  }
  const marketTypeId = input.market_type_id ?? market?.typeId ?? null;
  if (marketTypeId !== null && !(await tx.select({ id: marketTypes.id }).from(marketTypes).where(eq(marketTypes.id, marketTypeId))).length) {
    throw new Errors.BadRequest(`Unknown market type: ${marketTypeId}.`);
  }
  if (input.ruleset_id) {
    const [set] = await tx.select().from(ruleSets).where(eq(ruleSets.id, input.ruleset_id));
    if (!set || set.providerId !== match.providerId) throw new Errors.BadRequest(`Unknown rule set: ${input.ruleset_id}.`);
  }
  if (input.contact_id) {
    const [contact] = await tx.select({ providerId: contacts.providerId }).from(contacts).where(eq(contacts.id, input.contact_id));
    if (!contact || contact.providerId !== match.providerId) throw new Errors.BadRequest(`Unknown contact: ${input.contact_id}.`);
  }
  return { market, marketTypeId };
}

/** One record per market, channel, language and node (with its sub and leaf node): another one there is refused. */
async function checkNoClash(tx: Queryable, matchId: number, input: MatchContentInput, language: string): Promise<void> {
  const [clash] = await tx
    .select({ id: matchContents.id })
    .from(matchContents)
    .where(
      and(
        eq(matchContents.matchId, matchId),
        input.market_id === null ? isNull(matchContents.marketId) : eq(matchContents.marketId, input.market_id),
        eq(matchContents.channelId, input.channel_id),
        eq(matchContents.language, language),
        eq(matchContents.nodeId, input.node_id),
        sameOrNull(matchContents.subNode, input.sub_node ?? null),
        sameOrNull(matchContents.leafNode, input.leaf_node ?? null),
        input.id ? ne(matchContents.id, input.id) : undefined,
      ),
    );
  if (clash)
    throw new Errors.BadRequest(`This match already has ${language} content for that market and channel at ${input.node_id} (id ${clash.id}); edit that one.`);
}

export async function getMatchContent(db: Queryable, id: number): Promise<MatchContent | null> {
  const rows = await db.select().from(matchContents).where(eq(matchContents.id, id));
  return rows.length ? (await toMatchContents(db, rows))[0]! : null;
}

export async function deleteMatchContent(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(matchContents).where(eq(matchContents.id, id)).returning({ id: matchContents.id });
  if (!deleted.length) throw new Errors.NotFound('Match content', id);
}
