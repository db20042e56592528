import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { selectNamed } from '../db/named';
import { selectRows } from '../db/rows';

/** Runs an insert, as the prepared statement `name` when given (db/named.ts: the engine's writes). */
const run = <R>(db: Queryable, statement: SQL, name: string | undefined) => (name ? selectNamed<R>(db, name, statement) : selectRows<R>(db, statement));

/**
 * Inserts many rows in one statement with one parameter: the rows as a JSON array, turned into
 * records by json_populate_recordset. On PGlite a multi-row VALUES list binds one parameter per
 * cell, which costs several times more than the insert itself (200 deliveries: ~3,000
 * parameters); one JSON text keeps a firing's writes within a few milliseconds. Plain Postgres
 * takes the same statement. Keys are column names; `suffix` adds ON CONFLICT and RETURNING;
 * `name`, for an insert whose rows always have the same columns, runs it prepared.
 */
export async function insertJson<R>(db: Queryable, table: string, rows: Record<string, unknown>[], suffix = '', name?: string): Promise<R[]> {
  if (!rows.length) return [];
  const columns = Object.keys(rows[0]!)
    .map((c) => `"${c}"`)
    .join(', ');
  const statement = sql`insert into ${sql.identifier(table)} (${sql.raw(columns)}) select ${sql.raw(columns)} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json) ${sql.raw(suffix)}`;
  return run<R>(db, statement, name);
}

/** Columns of a grouped insert, each with its SQL type: those a group shares, and each row's own. */
export interface GroupedColumns {
  shared: Record<string, string>;
  own: Record<string, string>;
}

/** Rows sharing every `shared` column; `rows` hold the `own` columns. */
export interface RowGroup {
  shared: Record<string, unknown>;
  rows: Record<string, unknown>[];
}

/**
 * Inserts rows that mostly repeat each other (the deliveries of a firing: one text, a few hundred
 * contacts) in one statement, sending each group's shared values once and letting the database
 * expand them over the group's rows. 190 deliveries: 8 ms, against 15 ms as a row each through
 * insertJson. Rows come back group by group: map RETURNING values to find them. `name` runs it
 * prepared (the text depends only on the table, the columns and the suffix).
 */
export async function insertGrouped<R>(db: Queryable, table: string, columns: GroupedColumns, groups: RowGroup[], suffix = '', name?: string): Promise<R[]> {
  if (!groups.length) return [];
  const shared = Object.entries(columns.shared);
  const own = Object.entries(columns.own);
  const names = [...shared.map(([c]) => `"${c}"`), ...own.map(([c]) => `"${c}"`)].join(', ');
  const picks = [...shared.map(([c]) => `g."${c}"`), ...own.map(([c]) => `r."${c}"`)].join(', ');
  const types = (list: [string, string][]) => list.map(([c, type]) => `"${c}" ${type}`).join(', ');
  const payload = JSON.stringify(groups.map((g) => ({ ...g.shared, rows: g.rows })));
  const statement = sql`insert into ${sql.identifier(table)} (${sql.raw(names)}) select ${sql.raw(picks)}
    from json_to_recordset(${payload}::json) as g(${sql.raw(types(shared))}, "rows" json)
    cross join lateral json_to_recordset(g."rows") as r(${sql.raw(types(own))}) ${sql.raw(suffix)}`;
  return run<R>(db, statement, name);
}

/** Groups items by a key, mapping each to its group's shared values (first seen) and its own row. */
export function groupRows<T>(
  items: readonly T[],
  keyOf: (item: T) => unknown,
  shared: (item: T) => Record<string, unknown>,
  own: (item: T) => Record<string, unknown>,
): RowGroup[] {
  const groups = new Map<unknown, RowGroup>();
  for (const item of items) {
    const key = keyOf(item);
    let group = groups.get(key);
    if (!group) {
      group = { shared: shared(item), rows: [] };
      groups.set(key, group);
    }
    group.rows.push(own(item));
  }
  return [...groups.values()];
}
