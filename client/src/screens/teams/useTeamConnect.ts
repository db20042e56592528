import { routes, type SearchResult, type Team } from '@odds/protocol';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import { useApiQuery } from '../../api/queries';
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
  // Each ask is counted: the picker opens its list on a new array, also for a text asked before. A
  // newer text leaves the search in flight without observers, which aborts it.
  const [asked, setAsked] = useState<{ q: string | undefined; n: number } | null>(null);
  const found = useApiQuery(routes.teamConnectSearch, { params: { from: team.id }, query: { q: asked?.q }, silent: true }, { enabled: asked !== null });
  const settled = asked !== null && (found.isError || found.data !== undefined);
  const answer = found.isError ? null : found.data?.results;
  useEffect(() => {
    if (settled) setResults(answer ? [...answer] : []);
  }, [settled, answer, asked]);

  const search = useCallback((text: string) => setAsked((current) => ({ q: text.trim() || undefined, n: (current?.n ?? 0) + 1 })), []);

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
