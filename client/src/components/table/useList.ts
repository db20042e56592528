import { DEFAULT_PAGE_SIZE, type RouteDef, type RouteReply } from '@odds/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiKey, queryClient, useCached } from '../../api/queries';
import { useSnapshot } from 'valtio';
import { contextStore } from '../../stores/context';
import { routeGetList, type GetList, type ListItem, type RouteListSource } from './getList';
import type { ListStateConfig } from './listState';
import { useListState, type ListStateHandle } from './useListState';

interface CommonOptions extends ListStateConfig {
  /** Rows per page asked of the server; the server's `limit` wins when it answers with one. */
  pageSize?: number;
  /** False holds the fetch (e.g. until a market is chosen). */
  enabled?: boolean;
}

export interface RouteListOptions<R extends RouteDef> extends CommonOptions, RouteListSource<R> {}

export interface FunctionListOptions<T> extends CommonOptions {
  /** Names the list in the query cache (with `deps`): two lists over functions never share rows. */
  name: string;
  getList: GetList<T>;
  /** Values the fetch depends on besides page, sort, filters, provider and sport. */
  deps?: readonly unknown[];
}

export interface ListController<T> extends ListStateHandle {
  rows: T[];
  total: number;
  /** Rows per page: 20 by default, or the server's limit (SPEC §9). */
  pageSize: number;
  /** True while the rows shown are not this page's yet: the first read, or another page, sort or filter. */
  loading: boolean;
  /** True while any read runs, a background one as well (the page read again after a change): the rows stay. */
  refreshing: boolean;
  /** The row the operator selected (row select), if any. */
  selected: T | null;
  select(row: T | null): void;
  /** Fetches the current page again (after a change made elsewhere). */
  reload(): void;
}

/** One empty list for every render without rows: a new [] each time would re-run effects keyed on the rows. */
const NO_ROWS: readonly never[] = [];

interface Fetched<T> {
  rows: T[];
  total: number;
  loading: boolean;
  refreshing: boolean;
}

/**
 * The list hook every list of the console uses: page, sort and filters from the address, one read
 * per change through the query cache (the previous one aborted, the same page shared by every
 * list showing it), 'Loading...' while it runs. Changing the provider or the
 * sport fetches again from the first page (SPEC §4).
 *
 *   const list = useList({ route: routes.leagues, params: {p, s}, defaultSort: 'last_modified', filters: {q: ''} });
 *   <GenericTable list={list} label="Leagues" columns={[...]} />
 */
export function useList<R extends RouteDef>(options: RouteListOptions<R>): ListController<ListItem<RouteReply<R>>>;
export function useList<T>(options: FunctionListOptions<T>): ListController<T>;
export function useList<T>(options: RouteListOptions<RouteDef> | FunctionListOptions<T>): ListController<T> {
  const state = useListState(options);
  const { providerId, sportId } = useSnapshot(contextStore);
  const [pageSize, setPageSize] = useState(options.pageSize ?? DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<T | null>(null);

  const optionsRef = useRef(options);
  optionsRef.current = options;
  const enabled = options.enabled !== false;
  const pageOf = (limit: number) => ({ start: state.page * limit, limit, sort: state.sort, filter: state.filter, providerId, sportId });
  // A route's list is cached under the route (a save's invalidateRoute reads it again); a list
  // over a function under the values it depends on.
  const keyOf = (limit: number) =>
    'getList' in options
      ? ['list', options.name, options.key ?? null, options.deps ?? [], pageOf(limit)]
      : [...apiKey(options.route, options.params ?? null), 'list', options.query ?? null, pageOf(limit)];
  const page = pageOf(pageSize);
  const queryKey = keyOf(pageSize);
  // Another page shows 'Loading...' while it loads; a page seen before shows at once and is read
  // again (a list is never older than its last visit).
  const query = useCached(
    queryKey,
    (signal) => {
      const current = optionsRef.current;
      const getList = ('getList' in current ? current.getList : routeGetList(current)) as GetList<T>;
      return getList({ start: page.start, limit: page.limit, sort: page.sort, filter: page.filter, signal });
    },
    { enabled, keepPrevious: true, staleTime: 0 },
  );
  const answer = query.data;
  const keyOfRef = useRef(keyOf);
  keyOfRef.current = keyOf;
  useEffect(() => {
    if (!answer || answer.limit === pageSize) return;
    // The server pages by its own size. On the first page the answer in hand is that page: it is
    // cached under the new size and stays on screen instead of giving way to 'Loading...' while the
    // same rows are read again.
    if (state.page === 0 && !query.isPlaceholderData) queryClient.setQueryData(keyOfRef.current(answer.limit), answer);
    setPageSize(answer.limit);
  }, [answer, pageSize, state.page, query.isPlaceholderData]);
  // A failed read shows no rows (the API client has shown why); a held one none either.
  // The same page read again (a change pushed, a save) keeps its rows on screen: a row's state (a
  // delete's countdown, focus) survives it; only another page's rows give way to 'Loading...'.
  const refreshing = enabled && query.isFetching;
  const fetched: Fetched<T> =
    !enabled || query.isError || !answer
      ? { rows: NO_ROWS as unknown as T[], total: 0, loading: refreshing, refreshing }
      : { rows: answer.results, total: answer.total, loading: refreshing && query.isPlaceholderData, refreshing };

  // Another provider or sport has other rows: its list starts on the first page.
  const context = `${providerId}/${sportId}`;
  const shownContext = useRef(context);
  useEffect(() => {
    if (shownContext.current === context) return;
    shownContext.current = context;
    setSelected(null);
    if (state.page > 0) state.setPage(0, { replace: true });
  }, [context, state]);

  // A page past the end (fewer rows since the link was made): show the last one instead.
  const lastPage = Math.max(0, Math.ceil(fetched.total / pageSize) - 1);
  useEffect(() => {
    if (!fetched.loading && fetched.total > 0 && state.page > lastPage) state.setPage(lastPage, { replace: true });
  }, [fetched.loading, fetched.total, lastPage, state]);

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);

  return { ...state, ...fetched, pageSize, selected, select: setSelected, reload };
}
