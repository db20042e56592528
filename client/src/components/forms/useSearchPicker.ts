import { routes, type NamedRef, type SearchType } from '@odds/protocol';
import { useCallback, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { contextStore } from '../../stores/context';

/**
 * Suggestions for a league or team picker from the provider's search (SPEC §7 search, type leagues
 * or teams), for a sport (default the selected one). A newer query aborts the one in flight; a
 * failed search empties the list (SPEC §8 "team search failure").
 */
export function useSearchPicker(type: SearchType, sportId?: number) {
  const { providerId, sportId: selectedSport } = useSnapshot(contextStore);
  const [suggestions, setSuggestions] = useState<NamedRef[]>([]);
  const inFlight = useRef<AbortController | null>(null);
  const sport = sportId ?? selectedSport;

  const search = useCallback(
    (query: string) => {
      inFlight.current?.abort();
      const q = query.trim();
      if (!q) {
        setSuggestions([]);
        return;
      }
      const controller = new AbortController();
      inFlight.current = controller;
      api(routes.search, { params: { p: providerId, s: sport }, query: { q, type }, signal: controller.signal, silent: true }).then(
        (reply) => setSuggestions(reply.results.map((hit) => ({ id: hit.id, name: hit.title }))),
        () => {
          if (!controller.signal.aborted) setSuggestions([]);
        },
      );
    },
    [providerId, sport, type],
  );

  return { suggestions, search };
}
