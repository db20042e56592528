import { routes, type NamedRef, type SearchType } from '@odds/protocol';
import { useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { useLatestSearch } from '../../api/latestSearch';
import { apiKey } from '../../api/queries';
import { contextStore } from '../../stores/context';

/**
 * Suggestions for a league or team picker from the provider's search (SPEC §7 search, type leagues
 * or teams), for a sport (default the selected one), read through the query cache (a text asked
 * before answers at once). A newer query cancels the one in flight (its signal aborts); a failed
 * search empties the list (SPEC §8 "team search failure"). The picker's own delay is the debounce.
 * Asked imperatively, not as a hook query: the picker must not render between asking and its
 * answer (PrimeReact's AutoComplete closes its list on a render with the old suggestions).
 */
export function useSearchPicker(type: SearchType, sportId?: number) {
  const { providerId, sportId: selectedSport } = useSnapshot(contextStore);
  const [suggestions, setSuggestions] = useState<NamedRef[]>([]);
  const latest = useLatestSearch(setSuggestions);
  const sport = sportId ?? selectedSport;

  const search = useCallback(
    (text: string) => {
      const q = text.trim();
      latest.ask(
        q ? apiKey(routes.search, { p: providerId, s: sport }, { q, type }) : null,
        (signal) => api(routes.search, { params: { p: providerId, s: sport }, query: { q, type }, signal, silent: true }),
        (reply) => reply.results.map((hit): NamedRef => ({ id: hit.id, name: hit.title })),
      );
    },
    [providerId, sport, type, latest.ask],
  );

  return { suggestions, search };
}
