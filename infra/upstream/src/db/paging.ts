import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Errors } from '../errors';

type Sortable = AnyPgColumn | SQL;

/**
 * Turns the console's sort parameters into ORDER BY terms. `order_by` may carry a leading '-' for
 * descending (SPEC §9 defaults such as '-start'); `order_dir` overrides the direction when given.
 * The id is always the last term so pages never shuffle rows that tie.
 */
export function orderBy(columns: Record<string, Sortable>, fallback: string, tieBreaker: AnyPgColumn, order_by?: string, order_dir?: 'asc' | 'desc'): SQL[] {
  const requested = order_by?.trim() || fallback;
  const descending = requested.startsWith('-');
  const key = descending ? requested.slice(1) : requested;
  const column = columns[key];
  if (!column) throw new Errors.BadRequest(`Cannot sort by '${key}'; use one of: ${Object.keys(columns).join(', ')}.`);
  const direction = order_dir ?? (descending ? 'desc' : 'asc');
  const term = direction === 'desc' ? desc(column) : asc(column);
  return key === 'id' ? [term] : [term, direction === 'desc' ? desc(tieBreaker) : asc(tieBreaker)];
}

/** Page size: the caller's limit, else the console's default of 20 (SPEC §9). */
export const pageSize = (limit?: number, fallback = 20) => limit ?? fallback;

/** Escapes LIKE wildcards so a search for '50%' finds '50%'. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
