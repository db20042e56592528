import { DEFAULT_PAGE_SIZE } from '@odds/protocol';

/** Columns the matches list sorts by (SPEC §2); the server accepts these as `order_by`. */
export const MATCH_SORT_FIELDS = ['id', 'home', 'away', 'start', 'league'] as const;
export type MatchSortField = (typeof MATCH_SORT_FIELDS)[number];

/** SPEC §9: matches sort '-start' by default (a leading '-' means descending). */
export const DEFAULT_MATCH_SORT = '-start';

/** The list state kept in the address (page, sort, filters) so deep links and Back work. */
export interface MatchesListParams {
  /** 1-based page number. */
  page: number;
  sort: string;
  /** Keyword or match id. */
  q: string;
  /** YYYY-MM-DD or empty. */
  date: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isSort(value: string): boolean {
  const field = value.startsWith('-') ? value.slice(1) : value;
  return (MATCH_SORT_FIELDS as readonly string[]).includes(field);
}

/** Reads the list state from a query string; anything malformed falls back to its default. */
export function readListParams(search: URLSearchParams): MatchesListParams {
  const page = Number(search.get('page'));
  const sort = search.get('sort') ?? '';
  const date = search.get('date') ?? '';
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    sort: isSort(sort) ? sort : DEFAULT_MATCH_SORT,
    q: search.get('q')?.trim() ?? '',
    date: DATE.test(date) ? date : '',
  };
}

/** The query string for a list state, leaving defaults out so addresses stay short. */
export function writeListParams(params: MatchesListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.date) search.set('date', params.date);
  if (params.sort !== DEFAULT_MATCH_SORT) search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** The `routes.matches` query for a list state: page number times page size is the start offset (SPEC §4). */
export function toMatchesQuery(params: MatchesListParams, leagueId?: number, pageSize = DEFAULT_PAGE_SIZE) {
  return {
    start: (params.page - 1) * pageSize,
    limit: pageSize,
    order_by: params.sort,
    q: params.q || undefined,
    date: params.date || undefined,
    league_id: leagueId,
  };
}

/** A sort key as the DataTable wants it, and back: '-start' is field 'start', order -1. */
export function splitSort(sort: string): { field: string; order: 1 | -1 } {
  return sort.startsWith('-') ? { field: sort.slice(1), order: -1 } : { field: sort, order: 1 };
}

export function joinSort(field: string, order: number | null | undefined): string {
  if (!field || !order) return DEFAULT_MATCH_SORT;
  return order < 0 ? `-${field}` : field;
}
