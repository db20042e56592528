import { DEFAULT_PAGE_SIZE } from '@odds/protocol';
import { useMemo, useState } from 'react';
import { useListState, type ListController, type ListStateConfig } from './';

type ValueOf<T> = (row: T, field: string) => unknown;

const plain = <T>(row: T, field: string): unknown => field.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], row);

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/** Sorts by a list sort key ('-created_at'), ties broken by id descending so rows do not jump. */
function sortRows<T extends { id: number }>(rows: readonly T[], sort: string, fieldValue: ValueOf<T> = plain): T[] {
  const field = sort.replace(/^-/, '');
  const direction = sort.startsWith('-') ? -1 : 1;
  return [...rows].sort((a, b) => direction * compare(fieldValue(a, field), fieldValue(b, field)) || b.id - a.id);
}

/**
 * A ListController over rows held in the browser (a live topic), for the generic table: page and
 * sort in the address like every list, rows sorted and paged here without a fetch (so a live tick
 * never flashes 'Loading...'), the selected row followed by id as it changes.
 */
export function useLiveList<T extends { id: number }>(
  rows: readonly T[],
  config: ListStateConfig & { ready: boolean; reload(): void; sortValue?: ValueOf<T> },
): ListController<T> {
  const state = useListState(config);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const pageSize = DEFAULT_PAGE_SIZE;
  const sorted = useMemo(() => sortRows(rows, state.sort, config.sortValue), [rows, state.sort, config.sortValue]);
  const lastPage = Math.max(0, Math.ceil(sorted.length / pageSize) - 1);
  const page = Math.min(state.page, lastPage);
  return {
    ...state,
    page,
    rows: sorted.slice(page * pageSize, (page + 1) * pageSize),
    total: sorted.length,
    pageSize,
    loading: !config.ready,
    refreshing: !config.ready,
    selected: selectedId === null ? null : (rows.find((row) => row.id === selectedId) ?? null),
    select: (row) => setSelectedId(row ? row.id : null),
    reload: config.reload,
  };
}
