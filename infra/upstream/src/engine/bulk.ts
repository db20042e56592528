import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

/**
 * Inserts many rows in one statement with one parameter: the rows as a JSON array, turned into
 * records by json_populate_recordset. On PGlite a multi-row VALUES list binds one parameter per
 * cell, which costs several times more than the insert itself (200 deliveries: ~3,000
 * parameters); one JSON text keeps a firing's writes within a few milliseconds. Plain Postgres
 * takes the same statement. Keys are column names; `suffix` adds ON CONFLICT and RETURNING.
 */
export async function insertJson<R>(db: Db | Tx, table: string, rows: Record<string, unknown>[], suffix = ''): Promise<R[]> {
  if (!rows.length) return [];
  const columns = Object.keys(rows[0]!).map((c) => `"${c}"`).join(', ');
  const statement = sql`insert into ${sql.identifier(table)} (${sql.raw(columns)}) select ${sql.raw(columns)} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json) ${sql.raw(suffix)}`;
  const result = await db.execute(statement);
  // PGlite and node-postgres both answer with `rows`; the shared Db type leaves the result opaque.
  return (result as unknown as { rows: R[] }).rows;
}
