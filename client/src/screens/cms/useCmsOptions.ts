import {
  routes, type ContentCategory, type ContentGroupSummary, type Market, type MarketType, type QueryTag,
} from '@odds/protocol';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
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

/**
 * What CMS filters and forms choose from, for the selected provider and sport: content categories,
 * markets (with their threshold keys, for link targets), market types and groups.
 */
export function useCmsOptions({ groups: withGroups = false } = {}): CmsOptions {
  const { providerId, sportId, providers } = useSnapshot(contextStore);
  const provider = findById(providers, providerId);
  const [state, setState] = useState<Omit<CmsOptions, 'languages'>>({ categories: [], markets: [], marketTypes: [], groups: [], loaded: false });
  // Markets (their threshold keys) and groups saved on any console of the provider: the choices read again.
  const [changed, setChanged] = useState(0);
  useProviderChanges(withGroups ? WITH_GROUPS : MARKETS_ONLY, () => setChanged((v) => v + 1));

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    Promise.all([
      api(routes.contentCategories, { signal }),
      api(routes.markets, { params: { p: providerId, s: sportId }, query: { limit: ALL }, signal }),
      api(routes.marketTypes, { params: { s: sportId }, signal }),
      withGroups ? api(routes.groups, { query: { provider: providerId, sport: sportId, limit: ALL }, signal }) : null,
    ]).then(
      ([categories, markets, types, groups]) =>
        setState({
          categories: categories.results,
          markets: markets.results,
          marketTypes: types.results,
          groups: groups?.results ?? [],
          loaded: true,
        }),
      // Shown by the API client; the choices stay empty but the screen still works.
      () => !signal.aborted && setState((current) => ({ ...current, loaded: true })),
    );
    return () => controller.abort();
  }, [providerId, sportId, withGroups, changed]);

  return { ...state, languages: languageOptions(provider?.meta.languages ?? []) };
}

/** The query tags content may use (the tag modal), loaded once per screen. */
export function useQueryTags(enabled: boolean): QueryTag[] {
  const [tags, setTags] = useState<QueryTag[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    api(routes.eventTags, { signal: controller.signal }).then((reply) => setTags(reply.results), () => undefined);
    return () => controller.abort();
  }, [enabled]);
  return tags;
}
