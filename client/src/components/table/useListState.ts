import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readListState, toggleSort, writeListState, type ListState, type ListStateConfig } from './listState';

interface ListStateActions {
  /** Goes to a page by its 0-based index. */
  setPage(page: number, options?: { replace?: boolean }): void;
  /** Sorts by a key ('-start'), back on the first page. */
  setSort(sort: string): void;
  /** A click on a sortable header: that column, flipping ascending and descending. */
  toggleSort(field: string): void;
  /** Sets one filter; a changed filter shows its first page. */
  setFilter(name: string, value: string): void;
  /** Sets several filters at once (one history entry), optionally with a new sort. */
  setFilters(patch: Record<string, string>, options?: { sort?: string }): void;
}

export type ListStateHandle = ListState & ListStateActions;

/**
 * One list's page, sort and filters, read from and written to the address (the source of truth):
 * every change is a history entry, so Back undoes it; a reload or a shared link shows the same list.
 */
export function useListState(config: ListStateConfig): ListStateHandle {
  const [search, setSearch] = useSearchParams();
  // The config is usually written inline; its content, not its identity, decides the state.
  const configRef = useRef(config);
  configRef.current = config;
  const configKey = JSON.stringify(config, (_, value: unknown) => (typeof value === 'function' ? String(value) : value));

  // Only this list's keys: another list's page change on the same screen leaves this one alone.
  const own = new URLSearchParams();
  for (const name of ['page', 'sort', ...Object.keys(config.filters ?? {})]) {
    const key = config.key ? `${config.key}.${name}` : name;
    const value = search.get(key);
    if (value !== null) own.set(key, value);
  }
  const stateKey = own.toString();
  // stateKey holds every value the state is read from, configKey the config it is read with.
  const state = useMemo(() => readListState(new URLSearchParams(stateKey), configRef.current), [stateKey, configKey]);

  const update = useCallback(
    (patch: Partial<ListState>, replace = false) =>
      setSearch(
        (current) => {
          const cfg = configRef.current;
          const now = readListState(current, cfg);
          return writeListState(current, { ...now, ...patch, filter: { ...now.filter, ...patch.filter } }, cfg);
        },
        { replace },
      ),
    [setSearch],
  );

  return useMemo(
    () => ({
      ...state,
      setPage: (page, options) => update({ page: Math.max(0, page) }, options?.replace),
      setSort: (sort) => update({ sort, page: 0 }),
      toggleSort: (field) => update({ sort: toggleSort(state.sort, field), page: 0 }),
      setFilter: (name, value) => update({ filter: { [name]: value.trim() }, page: 0 }),
      setFilters: (patch, options) =>
        update({
          filter: Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, v.trim()])),
          page: 0,
          ...(options?.sort && { sort: options.sort }),
        }),
    }),
    [state, update],
  );
}
