import { routes, type RouteQuery } from '@odds/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { invalidateRoute, useApiQuery } from '../../api/queries';

const HISTORY_PAGE = 50;

type Filter = Omit<Partial<RouteQuery<typeof routes.audit>>, 'start' | 'limit'>;

/** Every History shown is read again (a save or a pushed change that no topic carries). */
const reloadHistories = () => invalidateRoute(routes.audit);

/**
 * Writes recorded in the audit (GET /api/1/audit) that match `filter`, newest first, a page at a
 * time, through the query cache. Read while `shown` (again each time it opens: an audit answer is
 * never fresh, the last one shows meanwhile), and again when `reloadKey` changes or a save calls
 * `reloadHistories`, so a change appears at the top without polling.
 */
export function useAuditHistory(filter: Filter, shown: boolean, reloadKey: string | number = 0) {
  const [pages, setPages] = useState(1);
  const query = useApiQuery(
    routes.audit,
    { query: { ...filter, start: 0, limit: HISTORY_PAGE * pages } },
    { enabled: shown, staleTime: 0, keepPrevious: true },
  );
  const firstKey = useRef(reloadKey);
  useEffect(() => {
    if (firstKey.current === reloadKey) return;
    firstKey.current = reloadKey;
    void reloadHistories();
  }, [reloadKey]);
  const entries = query.data?.results ?? [];
  const total = query.data?.total ?? 0;
  const more = useCallback(() => setPages((p) => p + 1), []);
  return { entries, total, loading: shown && query.isFetching, more, hasMore: entries.length < total };
}
