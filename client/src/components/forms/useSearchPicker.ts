import { routes, type NamedRef, type SearchType } from '@odds/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useApiQuery } from '../../api/queries';
import { contextStore } from '../../stores/context';

/**
 * Suggestions for a league or team picker from the provider's search (SPEC §7 search, type leagues
 * or teams), for a sport (default the selected one), through the query cache. A newer query leaves
 * the one in flight without observers, which aborts it; a failed search empties the list (SPEC §8
 * "team search failure"). The picker's own delay is the debounce.
 */
export function useSearchPicker(type: SearchType, sportId?: number) {
  const { providerId, sportId: selectedSport } = useSnapshot(contextStore);
  const sport = sportId ?? selectedSport;
  // Each ask is counted: the picker opens its list when it gets a new array, also for a text asked before.
  const [asked, setAsked] = useState({ q: '', n: 0 });
  const [suggestions, setSuggestions] = useState<NamedRef[]>([]);
  const query = useApiQuery(routes.search, { params: { p: providerId, s: sport }, query: { q: asked.q, type }, silent: true }, { enabled: asked.q !== '' });

  const settled = asked.q === '' || query.isError || query.data !== undefined;
  const results = asked.q === '' || query.isError ? null : query.data?.results;
  useEffect(() => {
    if (settled) setSuggestions(results ? results.map((hit) => ({ id: hit.id, name: hit.title })) : []);
  }, [settled, results, asked]);

  const search = useCallback((text: string) => setAsked((current) => ({ q: text.trim(), n: current.n + 1 })), []);
  return { suggestions, search };
}
