import { DEFAULT_PAGE_SIZE, type RouteDef, type RouteReply } from '@odds/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
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
  getList: GetList<T>;
  /** Values the fetch depends on besides page, sort, filters, provider and sport. */
  deps?: readonly unknown[];
}

export interface ListController<T> extends ListStateHandle {
  rows: T[];
  total: number;
  /** Rows per page: 20 by default, or the server's limit (SPEC §9). */
  pageSize: number;
  loading: boolean;
  /** The row the operator selected (row select), if any. */
  selected: T | null;
  select(row: T | null): void;
  /** Fetches the current page again (after a change made elsewhere). */
  reload(): void;
}

interface Fetched<T> {
  rows: T[];
  total: number;
  loading: boolean;
}

/**
 * The list hook every list of the console uses: page, sort and filters from the address, one fetch
 * per change (the previous one aborted), 'Loading...' while it runs. Changing the provider or the
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
  const [fetched, setFetched] = useState<Fetched<T>>({ rows: [], total: 0, loading: options.enabled !== false });
  const [selected, setSelected] = useState<T | null>(null);
  const [version, setVersion] = useState(0);

  const optionsRef = useRef(options);
  optionsRef.current = options;
  const source =
    'getList' in options
      ? JSON.stringify(options.deps ?? [])
      : JSON.stringify([options.route.method, options.route.path, options.params, options.query]);
  const enabled = options.enabled !== false;
  const request = JSON.stringify([state.page, state.sort, state.filter, pageSize, providerId, sportId, source, version]);

  useEffect(() => {
    if (!enabled) {
      setFetched({ rows: [], total: 0, loading: false });
      return;
    }
    const current = optionsRef.current;
    const getList = ('getList' in current ? current.getList : routeGetList(current)) as GetList<T>;
    const controller = new AbortController();
    setFetched((previous) => ({ ...previous, loading: true }));
    getList({ start: state.page * pageSize, limit: pageSize, sort: state.sort, filter: state.filter, signal: controller.signal }).then(
      (page) => {
        if (controller.signal.aborted) return;
        setFetched({ rows: page.results, total: page.total, loading: false });
        if (page.limit !== pageSize) setPageSize(page.limit);
      },
      () => {
        // Aborted: a newer fetch owns the state. Failed: the API client has shown why.
        if (!controller.signal.aborted) setFetched({ rows: [], total: 0, loading: false });
      },
    );
    return () => controller.abort();
    // `request` holds everything the fetch depends on.
  }, [request, enabled]);

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

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  return { ...state, ...fetched, pageSize, selected, select: setSelected, reload };
}
