import type { SQL } from 'drizzle-orm';

/** What runs a raw statement: a Queryable (client.ts), or anything else with drizzle's `execute`. */
interface Executes {
  execute(statement: SQL): PromiseLike<unknown>;
}

/**
 * The rows of a raw statement's result, typed as the caller knows them to be. PGlite and
 * node-postgres both answer `execute` with `{ rows }`; the Db type shared by both leaves the result
 * opaque, so this is the one place that says what it holds.
 */
export function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Runs a raw statement and returns its rows. */
export async function selectRows<T>(db: Executes, statement: SQL): Promise<T[]> {
  return rows<T>(await db.execute(statement));
}
