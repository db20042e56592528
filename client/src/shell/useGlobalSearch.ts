import { routes, type Match, type SearchResult } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../api/client';
import { apiKey, useCached } from '../api/queries';
import { findMatches, matchLabel, namesMatches } from '../api/findMatches';
import { contextStore } from '../stores/context';

export interface SearchHit {
  key: string;
  kind: 'Live' | 'Match' | 'League' | 'Team';
  label: string;
  /** Where choosing it goes. */
  to: string;
}

const TYPING_PAUSE_MS = 250;
/** Matches shown among the hits; the matches list (Enter) has the rest. */
const MATCH_HITS = 5;

const matchHit = (m: Match): SearchHit => ({ key: `match-${m.id}`, kind: m.live ? 'Live' : 'Match', label: matchLabel(m), to: `/match/${m.id}` });

const leagueHit = (r: SearchResult): SearchHit => ({ key: `league-${r.id}`, kind: 'League', label: r.title, to: `/league/${r.id}/matches` });
const teamHit = (r: SearchResult): SearchHit => ({
  key: `team-${r.id}`,
  kind: 'Team',
  label: `${r.title} (${r.providers.join(', ')})`,
  to: `/teams?q=${encodeURIComponent(r.title)}`,
});

/**
 * The top bar's search: the provider's leagues and teams by name (the search route, SPEC §7), and
 * matches by id, by team names or by day. Asks once typing pauses, through the query cache (a text
 * asked before shows at once); a newer text leaves the older search without observers, which aborts it.
 * Failures empty the hits: the search is a shortcut, the lists remain the way in.
 */
export function useGlobalSearch(text: string): { hits: SearchHit[]; loading: boolean } {
  const { providerId, sportId } = useSnapshot(contextStore);
  const q = text.trim();
  const [paused, setPaused] = useState(q);
  useEffect(() => {
    if (!q) return setPaused('');
    const timer = setTimeout(() => setPaused(q), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [q]);

  const found = useCached(
    [...apiKey(routes.search, { p: providerId, s: sportId }), 'global', paused],
    (signal) => {
      const search = (type: 'leagues' | 'teams') =>
        api(routes.search, { params: { p: providerId, s: sportId }, query: { q: paused, type }, signal, silent: true }).then(
          (reply) => reply.results,
          () => [] as SearchResult[],
        );
      const matches = findMatches(paused, { providerId, sportId, signal, limit: MATCH_HITS }).then((found) => found.map(matchHit));
      return Promise.all([matches, search('leagues'), search('teams')]).then(([matches, leagues, teams]) => {
        const named = [...leagues.map(leagueHit), ...teams.map(teamHit)];
        // An id or a day names matches; other text names leagues and teams first, except a match
        // in play (the route ranks in play, upcoming, then played): "Netherlands" leads to the
        // Netherlands match on now, Enter opens it.
        if (namesMatches(paused)) return [...matches, ...named];
        const live = matches.filter((m) => m.kind === 'Live');
        return [...live, ...named, ...matches.filter((m) => m.kind !== 'Live')];
      });
    },
    { enabled: paused !== '' && paused === q, keepPrevious: true },
  );

  if (!q) return { hits: NO_HITS, loading: false };
  const current = paused === q && !found.isPlaceholderData;
  return { hits: found.data ?? NO_HITS, loading: !current || found.isFetching };
}

const NO_HITS: SearchHit[] = [];
