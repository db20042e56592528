import { routes, type Match, type SearchResult } from '@odds/protocol';
import type { QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { apiKey, invalidateRoute, queryClient } from '../../api/queries';
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
  const inFlight = useRef<{ key: QueryKey; n: number } | null>(null);

  // Another match (after a reassign, or the address changed): nothing of the last one's stays, and
  // its search in flight is cancelled (its signal aborts) and never shown.
  useEffect(() => {
    setResults([]);
    setNotice(null);
    return () => {
      const previous = inFlight.current;
      inFlight.current = previous && { key: [], n: previous.n + 1 };
      if (previous?.key.length) void queryClient.cancelQueries({ queryKey: previous.key, exact: true });
    };
  }, [matchId]);

  // Through the query cache, keyed by the text, but asked imperatively: the picker must not render
  // between asking and its answer (PrimeReact's AutoComplete closes its list on a render with the
  // old suggestions). The picker's delay is the debounce; a newer text cancels the read in flight.
  const search = useCallback(
    (text: string) => {
      const q = connectorQuery(text);
      const previous = inFlight.current;
      const key = q === null ? [] : apiKey(routes.matchConnectSearch, { from: matchId }, { q: q || undefined });
      const n = (previous?.n ?? 0) + 1;
      inFlight.current = { key, n };
      if (previous?.key.length && JSON.stringify(previous.key) !== JSON.stringify(key)) void queryClient.cancelQueries({ queryKey: previous.key, exact: true });
      if (q === null) return setResults([]);
      queryClient
        .fetchQuery({
          queryKey: key,
          queryFn: ({ signal }) => api(routes.matchConnectSearch, { params: { from: matchId }, query: { q: q || undefined }, signal, silent: true }),
        })
        .then(
          // A new array each answer: the picker opens its list on a change, also for a text asked before.
          (reply) => inFlight.current?.n === n && setResults([...reply.results]),
          () => inFlight.current?.n === n && setResults([]),
        );
    },
    [matchId],
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
