import { routes, type SearchResult, type Team } from '@odds/protocol';
import { useCallback, useRef, useState } from 'react';
import { api } from '../../api/client';
import { ask } from '../../components/question';

/** How a connect candidate shows: 'title (provider names)' (SPEC §2 Teams). */
export const resultLabel = (result: SearchResult) => `${result.title} (${result.providers.join(', ')})`;

/** The question asked before a team is reassigned (SPEC §2 Teams), word for word. */
const reassignQuestion = (team: Team, result: SearchResult) =>
  `Are you sure you want to reassign ${team.name} (of ${team.provider_name}) as ${result.title}?`;

/**
 * The 'Connect To' search of one team: other providers' teams it could be connected to. A failed
 * search empties the results (SPEC §8); choosing one asks first, then reassigns and reports back.
 */
export function useTeamConnect(team: Team, onConnected: () => void) {
  const [results, setResults] = useState<SearchResult[]>([]);
  const inFlight = useRef<AbortController | null>(null);

  const search = useCallback(
    (text: string) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      api(routes.teamConnectSearch, {
        params: { from: team.id },
        query: { q: text.trim() || undefined },
        signal: controller.signal,
        silent: true,
      }).then(
        (reply) => setResults(reply.results),
        () => {
          if (!controller.signal.aborted) setResults([]);
        },
      );
    },
    [team.id],
  );

  const choose = useCallback(
    async (result: SearchResult): Promise<boolean> => {
      if (!(await ask(reassignQuestion(team, result), { header: 'Reassign the team', accept: 'Reassign' }))) return false;
      try {
        await api(routes.teamConnect, { params: { from: team.id, to: result.id } });
        onConnected();
        return true;
      } catch {
        return false;
      }
    },
    [team, onConnected],
  );

  return { results, search, choose };
}
