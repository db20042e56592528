import type { ContentType } from '@odds/protocol';

/** What the rule needs of a market: its threshold keys and its type's outcomes. */
export interface LinkTargetMarket {
  id: number;
  meta: { readonly thresholds?: Readonly<Record<string, number>> | undefined };
  type: { readonly id: number; readonly outcomes: readonly string[] };
}

interface LinkTargetMarketType {
  id: number;
  outcomes: readonly string[];
}

/** Only cta and content texts link somewhere (SPEC §2 Grouped Content). */
export const takesLinkTarget = (contentType: ContentType | null | undefined) => contentType === 'cta' || contentType === 'content';

/** The keys content of one market can link to: its threshold keys less the _min/_max bounds, else its type's outcomes. */
export function marketLinkTargets(market: LinkTargetMarket): string[] {
  const outcomes = market.type.outcomes;
  const keys = Object.keys(market.meta.thresholds ?? {}).filter((key) => !/_(min|max)$/.test(key));
  if (!keys.length) return [...outcomes];
  // Stored settings keep no order (JSON objects): show the keys in the type's outcome order (home, draw, away).
  const rank = (key: string) => (outcomes.includes(key) ? outcomes.indexOf(key) : outcomes.length);
  return keys
    .map((key, i) => ({ key, i }))
    .sort((a, b) => rank(a.key) - rank(b.key) || a.i - b.i)
    .map(({ key }) => key);
}

const unique = (keys: string[]) => [...new Set(keys)];

export interface LinkTargetInput {
  contentType: ContentType | null | undefined;
  /** Selected market ids in the order they were picked: the first one decides. */
  marketIds: readonly number[];
  marketTypeIds?: readonly number[];
  /** Every market of the provider and sport. */
  markets: readonly LinkTargetMarket[];
  marketTypes?: readonly LinkTargetMarketType[];
}

/**
 * The link target choices (SPEC §2 and §5): none for titles and images (null: no field); the keys
 * of the first selected market when one is selected; else the outcomes of the selected market
 * types; else every key any market of the provider offers.
 */
export function linkTargetOptions({ contentType, marketIds, marketTypeIds = [], markets, marketTypes = [] }: LinkTargetInput): string[] | null {
  if (!takesLinkTarget(contentType)) return null;
  const first = marketIds.map((id) => markets.find((market) => market.id === id)).find((market) => market !== undefined);
  if (first) return marketLinkTargets(first);
  const types = marketTypes.filter((type) => marketTypeIds.includes(type.id));
  if (types.length) return unique(types.flatMap((type) => [...type.outcomes]));
  return unique(markets.flatMap(marketLinkTargets));
}

/** The link target to keep after the choices changed: the current one if still offered, else none. */
export function keepLinkTarget(current: string | null, options: readonly string[] | null): string | null {
  return current !== null && options?.includes(current) ? current : null;
}
