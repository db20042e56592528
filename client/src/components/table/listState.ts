/**
 * The state of one list as the address keeps it (page, sort, filters), so deep links, reload and
 * the Back button show the same rows. Pure functions; `useListState` binds them to the router.
 *
 * In the address the page is 1-based (`page=3` is the third page, as a person counts); the list
 * works with the 0-based page index, so the start offset is page × page size (SPEC §4).
 */

/** A filter's default (left out of the address), or its default and a check of what the address may hold. */
export type FilterSpec = string | { default?: string; valid?: (value: string) => boolean };

export interface ListStateConfig {
  /**
   * Prefix of this list's keys in the address, for a screen with two lists (the Future matches
   * table keeps `future.page`, `future.sort`...). Without one the keys are bare: `page`, `sort`, `q`.
   */
  key?: string;
  /** Sort when the address names none (SPEC §9); a leading '-' sorts descending. */
  defaultSort: string;
  /** Fields the list may be sorted by; another value in the address falls back to the default. */
  sortFields?: readonly string[];
  /** Filters kept in the address, by the name the server's query uses, with their defaults. */
  filters?: Readonly<Record<string, FilterSpec>>;
}

export interface ListState {
  /** 0-based page index: start = page × page size. */
  page: number;
  sort: string;
  filter: Record<string, string>;
}

const keyOf = (config: ListStateConfig, name: string) => (config.key ? `${config.key}.${name}` : name);
const specDefault = (spec: FilterSpec) => (typeof spec === 'string' ? spec : (spec.default ?? ''));

/** A sort key the server accepts: a column name with an optional leading '-'. */
const SORT_KEY = /^-?[A-Za-z_][A-Za-z0-9_.]{0,63}$/;

function validSort(value: string, config: ListStateConfig): boolean {
  if (!SORT_KEY.test(value)) return false;
  return !config.sortFields || config.sortFields.includes(sortField(value));
}

/** Reads a list's state from the address; anything malformed falls back to its default. */
export function readListState(search: URLSearchParams, config: ListStateConfig): ListState {
  const page = Number(search.get(keyOf(config, 'page')));
  const sort = search.get(keyOf(config, 'sort')) ?? '';
  const filter: Record<string, string> = {};
  for (const [name, spec] of Object.entries(config.filters ?? {})) {
    const value = search.get(keyOf(config, name))?.trim() ?? '';
    const valid = typeof spec === 'string' || !spec.valid || spec.valid(value);
    filter[name] = value && valid ? value : specDefault(spec);
  }
  return {
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    sort: validSort(sort, config) ? sort : config.defaultSort,
    filter,
  };
}

/**
 * The address with this list's state written in, leaving defaults out so addresses stay short.
 * Keys of other lists and other screens' parameters are kept.
 */
export function writeListState(search: URLSearchParams, state: ListState, config: ListStateConfig): URLSearchParams {
  const next = new URLSearchParams(search);
  const put = (name: string, value: string, fallback: string) => {
    if (value && value !== fallback) next.set(keyOf(config, name), value);
    else next.delete(keyOf(config, name));
  };
  for (const [name, spec] of Object.entries(config.filters ?? {})) put(name, state.filter[name] ?? '', specDefault(spec));
  put('sort', state.sort, config.defaultSort);
  put('page', state.page > 0 ? String(state.page + 1) : '', '');
  return next;
}

/** The field of a sort key: '-start' sorts by 'start'. */
export function sortField(sort: string): string {
  return sort.startsWith('-') ? sort.slice(1) : sort;
}

/** 1 ascending, -1 descending, as the DataTable shows it. */
export function sortOrder(sort: string): 1 | -1 {
  return sort.startsWith('-') ? -1 : 1;
}

/**
 * The sort after a click on a column header: the sorted column flips between ascending and
 * descending; another column starts ascending.
 */
export function toggleSort(current: string, field: string): string {
  if (sortField(current) !== field) return field;
  return current.startsWith('-') ? field : `-${field}`;
}
