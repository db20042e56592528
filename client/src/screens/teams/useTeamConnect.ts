import { routes, type SearchResult, type Team } from '@odds/protocol';
import { useCallback, useState } from 'react';
import { api } from '../../api/client';
import { useLatestSearch } from '../../api/latestSearch';
import { apiKey, invalidateRoute } from '../../api/queries';
import { ask } from '../../components/question';

/** How a connect candidate shows: 'title (provider names)' (SPEC §2 Teams). */
export const resultLabel = (result: SearchResult) => `${result.title} (${result.providers.join(', ')})`;

/** The question asked before a team is reassigned (SPEC §2 Teams), word for word. */
const reassignQuestion = (team: Team, result: SearchResult) => `Are you sure you want to reassign ${team.name} (of ${team.provider_name}) as ${result.title}?`;

/**
 * The 'Connect To' search of one team: other providers' teams it could be connected to. A failed
 * search empties the results (SPEC §8); choosing one asks first, then reassigns and reports back.
 */
export function useTeamConnect(team: Team, onConnected: () => void) {
  const [results, setResults] = useState<SearchResult[]>([]);
  const latest = useLatestSearch(setResults);

  // Through the query cache but asked imperatively: the picker must not render between asking and
  // its answer (PrimeReact's AutoComplete closes its list on a render with the old suggestions).
  // A newer text cancels the read in flight (its signal aborts).
  const search = useCallback(
    (text: string) => {
      const query = { q: text.trim() || undefined };
      latest.ask(
        apiKey(routes.teamConnectSearch, { from: team.id }, query),
        (signal) => api(routes.teamConnectSearch, { params: { from: team.id }, query, signal, silent: true }),
        (reply) => reply.results,
      );
    },
    [team.id, latest.ask],
  );

  const choose = useCallback(
    async (result: SearchResult): Promise<boolean> => {
      if (!(await ask(reassignQuestion(team, result), { header: 'Reassign the team', accept: 'Reassign' }))) return false;
      try {
        await api(routes.teamConnect, { params: { from: team.id, to: result.id } });
        // Every connect search and team list answered before now may name the team as it was.
        void invalidateRoute(routes.teamConnectSearch);
        void invalidateRoute(routes.teams);
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
