import { routes, type Match, type SearchResult } from '@odds/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { useLatestSearch } from '../../api/latestSearch';
import { apiKey, invalidateRoute } from '../../api/queries';
import { ask } from '../../components/question';
import { formatDateTime } from '../../lib/format';

/** The search runs when the text ends with a dot (SPEC §5); it searches for the text before it. */
export const connectorQuery = (text: string): string | null => (text.endsWith('.') ? text.slice(0, -1).trim() : null);

/** 'Argentina - France, 2026-07-19 18:00 (Nordic Sportsbook)': the kick-off tells two fixtures of the same teams apart. */
export const connectorLabel = (result: SearchResult) =>
  `${result.title}${result.start ? `, ${formatDateTime(result.start)}` : ''} (${result.providers.join(', ')})`;

/**
 * The header's connector reassign search and 'Copy from another match': search on a trailing dot,
 * ask before reassigning, then go to the target match (SPEC §2, §4, §5).
 */
export function useConnector(matchId: number, onCopied: () => void) {
  const navigate = useNavigate();
  const [results, setResults] = useState<SearchResult[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const latest = useLatestSearch(setResults);

  // Another match (after a reassign, or the address changed): nothing of the last one's stays, and
  // its search in flight is cancelled (its signal aborts) and never shown.
  useEffect(() => {
    setResults([]);
    setNotice(null);
    return latest.drop;
  }, [matchId, latest.drop]);

  // Through the query cache, keyed by the text, but asked imperatively: the picker must not render
  // between asking and its answer (PrimeReact's AutoComplete closes its list on a render with the
  // old suggestions). The picker's delay is the debounce; a newer text cancels the read in flight.
  const search = useCallback(
    (text: string) => {
      const q = connectorQuery(text);
      const query = { q: q || undefined };
      latest.ask(
        q === null ? null : apiKey(routes.matchConnectSearch, { from: matchId }, query),
        (signal) => api(routes.matchConnectSearch, { params: { from: matchId }, query, signal, silent: true }),
        (reply) => reply.results,
      );
    },
    [matchId, latest.ask],
  );

  const reassign = useCallback(
    async (result: SearchResult) => {
      if (
        !(await ask(`Are you sure you want to reassign this match's connector to ${connectorLabel(result)}?`, {
          header: 'Reassign the connector',
          accept: 'Reassign',
        }))
      )
        return;
      try {
        const reply = await api(routes.matchConnect, { params: { from: matchId, to: result.id } });
        // Every connector search answered before now may offer or name the matches as they were.
        void invalidateRoute(routes.matchConnectSearch);
        void navigate(`/match/${reply.id}`);
      } catch {
        // The API client has shown why.
      }
    },
    [matchId, navigate],
  );

  /** Copies the source match's threshold sets and content here; true when done (the API client shows why not). */
  const copyFrom = useCallback(
    async (from: Match): Promise<boolean> => {
      setNotice(null);
      try {
        await api(routes.matchCopy, { params: { to: matchId, from: from.id } });
        setNotice(`Copied threshold sets and content from match ${from.id}.`);
        onCopied();
        return true;
      } catch {
        return false;
      }
    },
    [matchId, onCopied],
  );

  return { results, search, reassign, copyFrom, notice };
}
