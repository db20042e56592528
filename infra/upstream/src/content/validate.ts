import { eq, inArray } from 'drizzle-orm';
import { languageCodeError, type ContentType } from '@odds/protocol';
import type { Queryable } from '../db/client';
import { contentCategories, contentGroups, marketTypes, markets, providers } from '../db/schema';
import { Errors } from '../errors';

/** Checks of what content bodies refer to, shared by items, groups and match content. */

export interface ProviderInfo {
  id: number;
  name: string;
  languages: string[];
}

export async function loadProvider(db: Queryable, providerId: number): Promise<ProviderInfo> {
  const [row] = await db.select().from(providers).where(eq(providers.id, providerId));
  if (!row) throw new Errors.NotFound('Provider', providerId);
  return { id: row.id, name: row.name, languages: row.meta.languages };
}

/**
 * A language a provider's content may be written in: a supported code (SPEC §8's exact message
 * otherwise) that the provider offers (its meta.languages limit content languages, SPEC §1).
 */
export function checkLanguage(code: string, provider: ProviderInfo): string {
  const invalid = languageCodeError(code);
  if (invalid) throw new Errors.BadRequest(invalid);
  if (!provider.languages.includes(code)) {
    throw new Errors.BadRequest(`Language ${code} is not offered by ${provider.name}; use one of: ${provider.languages.join(', ')}.`);
  }
  return code;
}

type MarketRow = typeof markets.$inferSelect;

export interface ContentRefs {
  categories?: readonly number[] | undefined;
  markets?: readonly number[] | undefined;
  marketTypes?: readonly number[] | undefined;
  groupId?: number | null | undefined;
}

const missingOf = (wanted: readonly number[], found: { id: number }[]) => wanted.filter((id) => !found.some((row) => row.id === id));

/**
 * Every id a content body names must exist; markets must be the provider's own for the sport
 * (selecting a market locks content to its provider, SPEC §5). Returns the markets in the order
 * given, since the first one decides the link targets.
 */
export async function checkRefs(db: Queryable, refs: ContentRefs, provider: ProviderInfo, sportId: number): Promise<MarketRow[]> {
  const categoryIds = refs.categories ?? [];
  if (categoryIds.length) {
    const found = await db
      .select({ id: contentCategories.id })
      .from(contentCategories)
      .where(inArray(contentCategories.id, [...categoryIds]));
    const missing = missingOf(categoryIds, found);
    if (missing.length) throw new Errors.BadRequest(`Unknown content category: ${missing.join(', ')}.`);
  }
  const typeIds = refs.marketTypes ?? [];
  if (typeIds.length) {
    const found = await db
      .select({ id: marketTypes.id })
      .from(marketTypes)
      .where(inArray(marketTypes.id, [...typeIds]));
    const missing = missingOf(typeIds, found);
    if (missing.length) throw new Errors.BadRequest(`Unknown market type: ${missing.join(', ')}.`);
  }
  if (refs.groupId) {
    const [group] = await db.select().from(contentGroups).where(eq(contentGroups.id, refs.groupId));
    if (!group) throw new Errors.BadRequest(`Unknown content group: ${refs.groupId}.`);
    if (group.providerId !== provider.id) throw new Errors.BadRequest(`Content group ${refs.groupId} belongs to another provider.`);
  }
  const marketIds = refs.markets ?? [];
  if (!marketIds.length) return [];
  const found = await db
    .select()
    .from(markets)
    .where(inArray(markets.id, [...marketIds]));
  const missing = missingOf(marketIds, found);
  if (missing.length) throw new Errors.BadRequest(`Unknown market: ${missing.join(', ')}.`);
  const foreign = found.filter((m) => m.providerId !== provider.id || m.sportId !== sportId);
  if (foreign.length) throw new Errors.BadRequest(`Market ${foreign.map((m) => m.id).join(', ')} is not a market of ${provider.name} for this sport.`);
  return marketIds.map((id) => found.find((m) => m.id === id)!);
}

/** The keys content of a market can link to: its threshold keys (less the _min/_max bounds), else its type's outcomes. */
async function linkTargetsOf(db: Queryable, market: MarketRow): Promise<string[]> {
  const [type] = await db.select({ outcomes: marketTypes.outcomes }).from(marketTypes).where(eq(marketTypes.id, market.typeId));
  const outcomes = type?.outcomes ?? [];
  const keys = Object.keys(market.meta.thresholds ?? {}).filter((key) => !/_(min|max)$/.test(key));
  if (!keys.length) return outcomes;
  // jsonb keeps keys in its own order; list them in the type's outcome order (home, draw, away).
  const rank = (key: string) => (outcomes.includes(key) ? outcomes.indexOf(key) : outcomes.length);
  return keys.sort((a, b) => rank(a) - rank(b));
}

/**
 * A link target belongs to cta and content texts only, and must be one of the first selected
 * market's keys when a market is selected (SPEC §2 Grouped Content, §5 "Link target choices").
 */
export async function checkLinkTarget(
  db: Queryable,
  linkTarget: string | null | undefined,
  contentType: ContentType | null,
  firstMarket: MarketRow | undefined,
): Promise<string | null> {
  if (linkTarget === undefined || linkTarget === null || linkTarget === '') return null;
  if (contentType !== null && contentType !== 'cta' && contentType !== 'content') {
    throw new Errors.BadRequest(`A link target applies to cta and content texts only, not to ${contentType}.`);
  }
  if (!firstMarket) return linkTarget;
  const allowed = await linkTargetsOf(db, firstMarket);
  if (allowed.length && !allowed.includes(linkTarget)) {
    throw new Errors.BadRequest(`Link target '${linkTarget}' is not a key of market ${firstMarket.name}; use one of: ${allowed.join(', ')}.`);
  }
  return linkTarget;
}
