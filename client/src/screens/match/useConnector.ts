import { routes, type SearchResult } from '@odds/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { formatDateTime } from '../../lib/format';
import { reportError } from '../../stores/errors';

/** The search runs when the text ends with a dot (SPEC §5); it searches for the text before it. */
export const connectorQuery = (text: string): string | null => (text.endsWith('.') ? text.slice(0, -1).trim() : null);

/** 'Argentina - France, 2026-07-19 18:00 (Nordic Sportsbook)': the kick-off tells two fixtures of the same teams apart. */
export const connectorLabel = (result: SearchResult) =>
  `${result.title}${result.start ? `, ${formatDateTime(result.start)}` : ''} (${result.providers.join(', ')})`;

/** The source match id typed into the 'Copy from another match' prompt, or null when it is not one. */
export function sourceMatchId(answer: string): number | null {
  const text = answer.trim();
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
}

/**
 * The header's connector reassign search and 'Copy from another match': search on a trailing dot,
 * confirm in the browser before reassigning, then go to the target match (SPEC §2, §4, §5).
 */
export function useConnector(matchId: number, onCopied: () => void) {
  const navigate = useNavigate();
  const [results, setResults] = useState<SearchResult[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  // Another match (after a reassign, or the address changed): nothing of the last one's stays.
  useEffect(() => {
    setResults([]);
    setNotice(null);
    return () => inFlight.current?.abort();
  }, [matchId]);

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
    setNotice(null);
    const from = sourceMatchId(answer);
    if (from === null) return reportError(`'${answer.trim()}' is not a match id: enter the number of the match to copy from.`);
    try {
      await api(routes.matchCopy, { params: { to: matchId, from } });
      setNotice(`Copied threshold sets and content from match ${from}.`);
      onCopied();
    } catch {
      // The API client has shown why (an unknown match: 'Match 99 not found').
    }
  }, [matchId, onCopied]);

  return { results, search, reassign, copyFrom, notice };
}
