import { DEFAULT_PAGE_SIZE, routes, type Match } from '@odds/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { contextStore } from '../../stores/context';
import { readListParams, toMatchesQuery, writeListParams, type MatchesListParams } from './listParams';

interface Page {
  rows: Match[];
  total: number;
  loading: boolean;
}

/**
 * The matches list of the selected provider and sport, optionally of one league: list state from
 * the address, one fetch per change (the previous one aborted), and actions that write the address.
 */
export function useMatchesList(leagueId?: number) {
  const [search, setSearch] = useSearchParams();
  const searchKey = search.toString();
  const params = useMemo(() => readListParams(new URLSearchParams(searchKey)), [searchKey]);
  const { providerId, sportId } = useSnapshot(contextStore);
  const [page, setPage] = useState<Page>({ rows: [], total: 0, loading: true });
  const pageSize = DEFAULT_PAGE_SIZE;

  useEffect(() => {
    const controller = new AbortController();
    setPage((current) => ({ ...current, loading: true }));
    api(routes.matches, {
      params: { p: providerId, s: sportId },
      query: toMatchesQuery(params, leagueId, pageSize),
      signal: controller.signal,
    }).then(
      (reply) => setPage({ rows: reply.results, total: reply.total, loading: false }),
      () => {
        // Aborted: a newer fetch owns the state. Failed: the API client has shown why.
        if (!controller.signal.aborted) setPage({ rows: [], total: 0, loading: false });
      },
    );
    return () => controller.abort();
  }, [providerId, sportId, leagueId, params, pageSize]);

  const update = useCallback(
    (patch: Partial<MatchesListParams>) => setSearch(writeListParams({ ...params, ...patch })),
    [params, setSearch],
  );

  // Another provider or sport has other matches: its list starts on page 1.
  const context = `${providerId}/${sportId}`;
  const shownContext = useRef(context);
  useEffect(() => {
    if (shownContext.current === context) return;
    shownContext.current = context;
    if (params.page > 1) setSearch(writeListParams({ ...params, page: 1 }), { replace: true });
  }, [context, params, setSearch]);

  return {
    ...page,
    params,
    pageSize,
    setPage: (pageNumber: number) => update({ page: pageNumber }),
    setSort: (sort: string) => update({ sort, page: 1 }),
    // A new filter shows its first page.
    setKeyword: (q: string) => update({ q: q.trim(), page: 1 }),
    setDate: (date: string) => update({ date, page: 1 }),
  };
}

export type MatchesList = ReturnType<typeof useMatchesList>;
