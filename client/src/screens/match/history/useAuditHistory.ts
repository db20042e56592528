import { routes, type AuditEntry, type RouteQuery } from '@odds/protocol';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/client';

const HISTORY_PAGE = 50;

type Filter = Omit<Partial<RouteQuery<typeof routes.audit>>, 'start' | 'limit'>;

/**
 * Writes recorded in the audit (GET /api/1/audit) that match `filter`, newest first, a page at a
 * time. Loads while `shown`, and again whenever `reloadKey` changes (a save on this screen, a live
 * topic that moved), so a change appears at the top without polling.
 */
export function useAuditHistory(filter: Filter, shown: boolean, reloadKey: string | number = 0) {
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [pages, setPages] = useState(1);
  const key = JSON.stringify(filter);

  useEffect(() => {
    if (!shown) return;
    const controller = new AbortController();
    setLoading(true);
    api(routes.audit, { query: { ...(JSON.parse(key) as Filter), start: 0, limit: HISTORY_PAGE * pages }, signal: controller.signal }).then(
      (reply) => {
        setEntries(reply.results);
        setTotal(reply.total);
        setLoading(false);
      },
      () => !controller.signal.aborted && setLoading(false),
    );
    return () => controller.abort();
  }, [key, shown, pages, reloadKey]);

  const more = useCallback(() => setPages((p) => p + 1), []);
  return { entries, total, loading, more, hasMore: entries.length < total };
}
