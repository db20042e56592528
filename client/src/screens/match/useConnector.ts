import { routes, type SearchResult } from '@odds/protocol';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';

/** The search runs when the text ends with a dot (SPEC §5); it searches for the text before it. */
export const connectorQuery = (text: string): string | null => (text.endsWith('.') ? text.slice(0, -1).trim() : null);

export const connectorLabel = (result: SearchResult) => `${result.title} (${result.providers.join(', ')})`;

/**
 * The header's connector reassign search and 'Copy from another match': search on a trailing dot,
 * confirm in the browser before reassigning, then go to the target match (SPEC §2, §4, §5).
 */
export function useConnector(matchId: number, onCopied: () => void) {
  const navigate = useNavigate();
  const [results, setResults] = useState<SearchResult[]>([]);
  const inFlight = useRef<AbortController | null>(null);

  const search = useCallback(
    (text: string) => {
      const q = connectorQuery(text);
      if (q === null) return setResults([]);
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      api(routes.matchConnectSearch, { params: { from: matchId }, query: { q: q || undefined }, signal: controller.signal, silent: true }).then(
        (reply) => setResults(reply.results),
        () => {
          if (!controller.signal.aborted) setResults([]);
        },
      );
    },
    [matchId],
  );

  const reassign = useCallback(
    async (result: SearchResult) => {
      if (!window.confirm(`Are you sure you want to reassign this match's connector to ${connectorLabel(result)}?`)) return;
      try {
        const reply = await api(routes.matchConnect, { params: { from: matchId, to: result.id } });
        void navigate(`/match/${reply.id}`);
      } catch {
        // The API client has shown why.
      }
    },
    [matchId, navigate],
  );

  const copyFrom = useCallback(async () => {
    const answer = window.prompt('Copy from another match: source match id');
    if (answer === null) return;
    const from = Number(answer.trim());
    if (!Number.isInteger(from) || from <= 0) return void window.alert(`Not a match id: ${answer}`);
    try {
      await api(routes.matchCopy, { params: { to: matchId, from } });
      onCopied();
    } catch {
      // The API client has shown why.
    }
  }, [matchId, onCopied]);

  return { results, search, reassign, copyFrom };
}
