import { and, arrayContains, arrayOverlaps, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { DEFAULT_PROVIDER_ID, DEFAULT_SPORT_ID, languageCodeError, type ContentItem, type ContentsQuery, type ListReply, type NamedRef } from '@odds/protocol';
import type { Db, Queryable } from '../db/client';
import { contentCategories, contentGroups, contentItems, marketTypes, markets, matchContents, matches, thresholdSets } from '../db/schema';
import { Errors } from '../errors';
import { orderBy, pageSize } from '../db/paging';
import { loadProvider } from './validate';

export type ItemRow = typeof contentItems.$inferSelect;

/** Where an uploaded image is served back (routes/content.ts, with the caller's token). */
export const imageUrl = (imageId: number) => `/api/1/images/${imageId}`;

/** A group as items name it; a group saved without a name shows as 'Group {id}'. */
const groupRef = (group: { id: number; name: string | null }): NamedRef => ({ id: group.id, name: group.name ?? `Group ${group.id}` });

const sortable = {
  id: contentItems.id,
  created_at: contentItems.createdAt,
  last_modified: contentItems.lastModified,
  content: contentItems.content,
  content_type: contentItems.contentType,
  language: contentItems.language,
  channel_id: contentItems.channelId,
  group_id: contentItems.groupId,
};

/** The names items refer to, loaded once for a page of items. */
export async function toContentItems(db: Queryable, rows: ItemRow[]): Promise<ContentItem[]> {
  const ids = (pick: (row: ItemRow) => (number | null)[]) => [...new Set(rows.flatMap(pick).filter((id): id is number => id !== null))];
  const categoryIds = ids((r) => r.categoryIds);
  const marketIds = ids((r) => r.marketIds);
  const typeIds = ids((r) => r.marketTypeIds);
  const groupIds = ids((r) => [r.groupId]);
  const [categoryRows, marketRows, typeRows, groupRows] = await Promise.all([
    categoryIds.length
      ? db.select({ id: contentCategories.id, name: contentCategories.name }).from(contentCategories).where(inArray(contentCategories.id, categoryIds))
      : [],
    marketIds.length ? db.select({ id: markets.id, name: markets.name }).from(markets).where(inArray(markets.id, marketIds)) : [],
    typeIds.length ? db.select({ id: marketTypes.id, name: marketTypes.name }).from(marketTypes).where(inArray(marketTypes.id, typeIds)) : [],
    groupIds.length ? db.select({ id: contentGroups.id, name: contentGroups.name }).from(contentGroups).where(inArray(contentGroups.id, groupIds)) : [],
  ]);
  // An id whose row went away (a deleted market) is left out rather than shown nameless.
  const refs = (wanted: number[], found: NamedRef[]) => wanted.flatMap((id) => found.filter((row) => row.id === id));
  return rows.map((row) => {
    const group = groupRows.find((g) => g.id === row.groupId);
    return {
      id: row.id,
      version: row.version,
      content: row.content,
      content_type: row.contentType as ContentItem['content_type'],
      language: row.language as ContentItem['language'],
      channel_id: row.channelId,
      side_context: row.sideContext as ContentItem['side_context'],
      image: row.imageId ? { url: imageUrl(row.imageId) } : null,
      link_target: row.linkTarget,
      categories: refs(row.categoryIds, categoryRows),
      markets: refs(row.marketIds, marketRows),
      market_types: refs(row.marketTypeIds, typeRows),
      provider_lock: row.providerLock,
      auto_build: row.autoBuild,
      deliver: row.deliver,
      group: group ? groupRef(group) : null,
      archived_at: row.archivedAt?.toISOString() ?? null,
      provider: row.providerId,
    };
  });
}

/**
 * Items a provider can use: its own, and items of other providers that are not provider-locked
 * (SPEC §5) and are written in a language it offers.
 */
export function visibleTo(providerId: number, languages: string[]): SQL {
  const shared = and(eq(contentItems.providerLock, false), languages.length ? inArray(contentItems.language, languages) : sql`false`);
  return or(eq(contentItems.providerId, providerId), shared)!;
}

/** The markets a match is set up for: those it has content or threshold sets for. */
async function matchMarketIds(db: Db, matchId: number): Promise<number[]> {
  const [withContent, withThresholds] = await Promise.all([
    db.selectDistinct({ id: matchContents.marketId }).from(matchContents).where(eq(matchContents.matchId, matchId)),
    db.selectDistinct({ id: thresholdSets.marketId }).from(thresholdSets).where(eq(thresholdSets.matchId, matchId)),
  ]);
  return [...new Set([...withContent, ...withThresholds].map((r) => r.id).filter((id): id is number => id !== null))];
}

/**
 * The CMS list (SPEC §7 `GET contents`). `match_id` narrows to what suits the match: its provider
 * and sport, and items for no market or for a market the match has content or thresholds for.
 */
export async function listContents(db: Db, query: Static<typeof ContentsQuery>): Promise<ListReply<ContentItem>> {
  const limit = pageSize(query.limit);
  let providerId = query.provider ?? DEFAULT_PROVIDER_ID;
  let sportId = query.sport ?? DEFAULT_SPORT_ID;
  const filters: (SQL | undefined)[] = [];
  if (query.match_id) {
    const [match] = await db.select({ providerId: matches.providerId, sportId: matches.sportId }).from(matches).where(eq(matches.id, query.match_id));
    if (!match) throw new Errors.NotFound('Match', query.match_id);
    ({ providerId, sportId } = match);
    const marketIds = await matchMarketIds(db, query.match_id);
    if (marketIds.length) filters.push(or(eq(sql`cardinality(${contentItems.marketIds})`, 0), arrayOverlaps(contentItems.marketIds, marketIds)));
  }
  const provider = await loadProvider(db, providerId);
  filters.push(eq(contentItems.sportId, sportId), visibleTo(provider.id, provider.languages));
  if (query.language_code !== undefined) {
    const invalid = languageCodeError(query.language_code);
    if (invalid) throw new Errors.BadRequest(invalid);
    filters.push(eq(contentItems.language, query.language_code));
  }
  if (query.content_type) filters.push(eq(contentItems.contentType, query.content_type));
  if (query.channel_id) filters.push(eq(contentItems.channelId, query.channel_id));
  if (query.group_id) filters.push(eq(contentItems.groupId, query.group_id));
  if (query.category_id) filters.push(arrayContains(contentItems.categoryIds, [query.category_id]));
  if (query.market_id) filters.push(arrayContains(contentItems.marketIds, [query.market_id]));
  if (query.market_type_id) filters.push(arrayContains(contentItems.marketTypeIds, [query.market_type_id]));
  if (query.link_target) filters.push(eq(contentItems.linkTarget, query.link_target));
  if (query.auto_build !== undefined) filters.push(eq(contentItems.autoBuild, query.auto_build));
  if (query.active !== undefined) filters.push(eq(contentItems.deliver, query.active));
  const where = and(...filters);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(contentItems)
      .where(where)
      .orderBy(...orderBy(sortable, '-created_at', contentItems.id, query.sort ?? query.order_by, query.order_dir))
      .limit(limit)
      .offset(query.start ?? 0),
    db.select({ total: count() }).from(contentItems).where(where),
  ]);
  return { results: await toContentItems(db, rows), total, limit };
}

export async function getItemRow(db: Queryable, id: number): Promise<ItemRow> {
  const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id));
  if (!row) throw new Errors.NotFound('Content item', id);
  return row;
}

export async function getContentItem(db: Queryable, id: number): Promise<ContentItem> {
  return (await toContentItems(db, [await getItemRow(db, id)]))[0]!;
}
