import { routes, type ContentCategory, type ContentGroupSummary, type Market, type MarketType, type QueryTag } from '@odds/protocol';
import { useSnapshot } from 'valtio';
import { invalidateRoute, useApiQuery } from '../../api/queries';
import { languageOptions, type LanguageOption } from '../../components/forms/languages';
import { useProviderChanges } from '../../live/useProviderChanges';
import { contextStore, findById } from '../../stores/context';

export interface CmsOptions {
  categories: ContentCategory[];
  markets: Market[];
  marketTypes: MarketType[];
  groups: ContentGroupSummary[];
  /** The selected provider's languages (its meta.languages). */
  languages: LanguageOption[];
  loaded: boolean;
}

const ALL = 1000;
const WITH_GROUPS = ['market', 'content_group'] as const;
const MARKETS_ONLY = ['market'] as const;

const NONE: never[] = [];

/**
 * What CMS filters and forms choose from, for the selected provider and sport: content categories,
 * markets (with their threshold keys, for link targets), market types and groups, each one query
 * of the cache (shared with every other screen showing the same list).
 */
export function useCmsOptions({ groups: withGroups = false } = {}): CmsOptions {
  const { providerId, sportId, providers } = useSnapshot(contextStore);
  const provider = findById(providers, providerId);
  // Markets (their threshold keys) and groups saved on any console of the provider: the choices read again.
  useProviderChanges(withGroups ? WITH_GROUPS : MARKETS_ONLY, () => {
    void invalidateRoute(routes.markets, { p: providerId, s: sportId });
    if (withGroups) void invalidateRoute(routes.groups);
  });

  // Failures are shown by the API client; those choices stay empty but the screen still works.
  const categories = useApiQuery(routes.contentCategories, {});
  const markets = useApiQuery(routes.markets, { params: { p: providerId, s: sportId }, query: { limit: ALL } });
  const marketTypes = useApiQuery(routes.marketTypes, { params: { s: sportId } });
  const groups = useApiQuery(routes.groups, { query: { provider: providerId, sport: sportId, limit: ALL } }, { enabled: withGroups });
  const all = withGroups ? [categories, markets, marketTypes, groups] : [categories, markets, marketTypes];

  return {
    categories: categories.data?.results ?? NONE,
    markets: markets.data?.results ?? NONE,
    marketTypes: marketTypes.data?.results ?? NONE,
    groups: (withGroups && groups.data?.results) || NONE,
    loaded: all.every((query) => !query.isPending),
    languages: languageOptions(provider?.meta.languages ?? []),
  };
}

/** The query tags content may use (the tag modal), loaded when first needed. */
export function useQueryTags(enabled: boolean): QueryTag[] {
  return useApiQuery(routes.eventTags, {}, { enabled }).data?.results ?? NONE;
}
