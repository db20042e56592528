import { routes, type AuditEntry } from '@odds/protocol';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/client';
import type { MatchLive } from '../../../live/matchLive';
import { useTopicSeq } from '../../../live/useTopicSeq';

export const HISTORY_PAGE = 50;

/**
 * The history of a match's sets, content, stat events and trackers (GET /api/1/audit?match_id=),
 * newest first, a page at a time. While shown it loads again when any of those live topics moves,
 * so a change by another operator appears at the top (no polling).
 */
export function useMatchHistory(matchId: number, live: MatchLive | null, shown: boolean) {
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [pages, setPages] = useState(1);
  const seqs = [
    useTopicSeq(live, 'thresholds'), useTopicSeq(live, 'content'), useTopicSeq(live, 'stats'), useTopicSeq(live, 'trackers'),
  ].join('/');

  useEffect(() => {
    if (!shown) return;
    const controller = new AbortController();
    setLoading(true);
    api(routes.audit, { query: { match_id: matchId, start: 0, limit: HISTORY_PAGE * pages }, signal: controller.signal }).then(
      (reply) => {
        setEntries(reply.results);
        setTotal(reply.total);
        setLoading(false);
      },
      () => !controller.signal.aborted && setLoading(false),
    );
    return () => controller.abort();
  }, [matchId, shown, pages, seqs]);

  const more = useCallback(() => setPages((p) => p + 1), []);
  return { entries, total, loading, more, hasMore: entries.length < total };
}
