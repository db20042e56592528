import { DEFAULT_PAGE_SIZE, type RouteDef, type RouteParams, type RouteQuery, type RouteReply } from '@odds/protocol';
import { api } from '../../api/client';

/**
 * The one data-access contract of every list (react-admin's getList): what to fetch in, one page
 * of rows out. `sort` carries a leading '-' for descending; `filter` holds the list's filters by
 * the names the server's query uses, empty ones included (the route adapter leaves those out).
 */
export interface GetListArgs {
  start: number;
  limit: number;
  sort: string;
  filter: Record<string, string>;
  signal: AbortSignal;
}

export interface ListPage<T> {
  results: T[];
  total: number;
  limit: number;
}

export type GetList<T> = (args: GetListArgs) => Promise<ListPage<T>>;

/** The row type of a list reply, whichever name it gives its rows (results, items, deliveries). */
export type ListItem<Reply> = Reply extends { results: (infer T)[] }
  ? T
  : Reply extends { items: (infer T)[] }
    ? T
    : Reply extends { deliveries: (infer T)[] }
      ? T
      : never;

/**
 * A list reply in the shape of the contract. SPEC §7 names the rows `results` for most lists,
 * `items` for contacts and `deliveries` for reports; a reply without `total` counts its rows, and
 * one without `limit` keeps the page size asked for.
 */
export function adaptListReply<T>(reply: unknown, askedLimit: number): ListPage<T> {
  const body = (reply ?? {}) as { results?: T[]; items?: T[]; deliveries?: T[]; total?: number; limit?: number };
  const results = body.results ?? body.items ?? body.deliveries ?? [];
  return {
    results,
    total: typeof body.total === 'number' ? body.total : results.length,
    limit: typeof body.limit === 'number' && body.limit > 0 ? body.limit : askedLimit,
  };
}

export interface RouteListSource<R extends RouteDef> {
  route: R;
  params?: RouteParams<R>;
  /** Fixed query values sent with every page (e.g. `timeframe: 'FUTURE'`). */
  query?: Partial<RouteQuery<R>>;
  /** Turns the list's filters into query values when their names differ from the server's. */
  toQuery?: (filter: Record<string, string>) => Partial<RouteQuery<R>>;
}

/** Whether the route sorts by `sort` (contacts, contents, deliveries) rather than `order_by`. */
function sortParam(route: RouteDef): 'sort' | 'order_by' {
  return route.query && 'sort' in route.query.properties ? 'sort' : 'order_by';
}

const callRoute = api as unknown as (route: RouteDef, options: Record<string, unknown>) => Promise<unknown>;

/** getList over one route of the protocol table: paging, sort and filters become its query. */
export function routeGetList<R extends RouteDef>(source: RouteListSource<R>): GetList<ListItem<RouteReply<R>>> {
  return async ({ start, limit, sort, filter, signal }) => {
    const filters = source.toQuery ? source.toQuery(filter) : filter;
    const query = { ...filters, ...source.query, start, limit, [sortParam(source.route)]: sort || undefined };
    const reply = await callRoute(source.route, { params: source.params, query, signal });
    return adaptListReply(reply, limit);
  };
}

/**
 * getList over rows fetched whole (a season table, a market's thresholds): sorted and paged here,
 * so such lists behave like every other. Values compare as numbers when both are numbers.
 */
export function inMemoryGetList<T>(
  fetchAll: (signal: AbortSignal) => Promise<T[]>,
  fieldValue: (row: T, field: string) => unknown = (row, field) => (row as Record<string, unknown>)[field],
): GetList<T> {
  return async ({ start, limit, sort, signal }) => {
    const rows = await fetchAll(signal);
    const field = sort.replace(/^-/, '');
    const direction = sort.startsWith('-') ? -1 : 1;
    const sorted = field ? [...rows].sort((a, b) => direction * compare(fieldValue(a, field), fieldValue(b, field))) : rows;
    return { results: sorted.slice(start, start + limit), total: rows.length, limit: limit || DEFAULT_PAGE_SIZE };
  };
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}
