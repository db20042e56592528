import { DrizzleQueryError, type SQL } from 'drizzle-orm';
import { PgDialect, type PgSession, PgTransaction } from 'drizzle-orm/pg-core';
import { rows } from './rows';

/** What runs a named statement: a database or a transaction of it (client.ts's Queryable), as drizzle shows them. */
interface Handle {
  readonly _: { readonly schema: object | undefined; readonly session: Pick<PgSession, 'prepareQuery'> };
}

/** Runs a text as a prepared statement on a database's PGlite (pglite-named.ts's queryPrepared, bound to its client). */
type RunPrepared = (inTransaction: boolean, name: string, text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

const dialect = new PgDialect();

/**
 * How each database opened on PGlite runs a named statement, found from the database or from any
 * of its transactions: drizzle hands a transaction the `_.schema` of its database (built once per
 * database), while the PGlite client under a transaction is out of sight behind PGlite's handle.
 */
const onPglite = new WeakMap<object, RunPrepared>();

/** Says how `db`, opened on PGlite, prepares its named statements (openDatabase). */
export function nameStatementsOn(db: Handle, run: RunPrepared): void {
  if (db._.schema) onPglite.set(db._.schema, run);
}

/**
 * Runs a statement the process runs often as the prepared statement `name`, and returns its rows:
 * parsed and planned once per connection, not on every run (on PGlite the parse and plan of the
 * engine's write statement or the relay's safety check cost about as much as running it). The
 * rows are those `db.execute` answers. A name stands for one text: where a statement is built in
 * a few shapes, each shape has a name of its own (another text under a used name is refused).
 *
 * On Postgres it is drizzle's prepared query with that name (what `.prepare(name)` of a query
 * builder makes), which node-postgres prepares once on each connection and runs by name after.
 * drizzle's PGlite driver ignores the name, so on PGlite queryPrepared does it.
 */
export async function selectNamed<T>(db: Handle, name: string, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const run = db._.schema && onPglite.get(db._.schema);
  if (!run) return rows<T>(await db._.session.prepareQuery(query, undefined, name, false).execute());
  try {
    return rows<T>(await run(db instanceof PgTransaction, name, query.sql, query.params));
  } catch (error) {
    // As drizzle reports a failed statement (callers look at its cause's code).
    throw new DrizzleQueryError(query.sql, query.params, error as Error);
  }
}
