import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { MIGRATION_LOCK_KEY, SchemaBehind, schemaVersion } from './migrate';
import { nameStatementsOn } from './named';
import * as schema from './schema';

type Schema = typeof schema;
/** The database as the services see it: the same API whether PGlite or Postgres is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; it offers the same queries as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What runs a statement: the database, or a transaction of it (which offers the same queries). */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Migrations this open applied (none when the schema was current, or when it only checked). */
  applied: string[];
  close(): Promise<void>;
}

/**
 * What opening does to the schema. 'apply' (the laptop path, tests, the migrate step): applies the
 * missing migrations, on Postgres under an advisory lock so processes starting together take turns
 * (the first applies, the others wait and find nothing left). 'check' (servers in production):
 * applies nothing and refuses a database whose schema is behind the code (SchemaBehind).
 */
export type MigrationMode = 'apply' | 'check';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens and migrates the database. `url` is a postgres:// URL for real Postgres, `memory://` for
 * an in-memory PGlite (tests; optionally started from a `dumpDataDir()` tarball), or a directory
 * path for a PGlite kept on disk (the default `./data/pglite`).
 */
export async function openDatabase(
  url: string,
  { loadDataDir, migrations = 'apply' }: { loadDataDir?: Blob; migrations?: MigrationMode } = {},
): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: url, max: 10 });
    // An idle connection the server ends (restart, pg_terminate_backend, DROP DATABASE … FORCE) is
    // dropped and replaced by the pool: without a listener its 'error' would end the process.
    pool.on('error', () => {});
    // A connection lost while checked out (a transaction's, when the server goes away mid-request)
    // emits 'error' on its client, which the pool no longer listens to then: unheard, it would end
    // the process. Its queries fail anyway (answered 503, see errors.ts), and the pool drops it.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool, { schema }) as unknown as Db;
    try {
      const applied = await settleSchema(db, migrations, async () => {
        // Session-level lock on a connection of its own, held while the migrator works on others.
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          const before = await schemaVersion(db, migrationsFolder);
          await migrate(db as never, { migrationsFolder });
          return before.missing;
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          lock.release();
        }
      });
      return { db, kind: 'postgres', applied, close: () => pool.end() };
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { setParsersOnce } = await import('./pglite-parsers');
  const { queryPrepared } = await import('./pglite-named');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = url === 'memory://' || url === '';
  if (!inMemory) mkdirSync(url, { recursive: true });
  // loadDataDir starts from a dump of another PGlite (tests share one seeded database this way).
  // New WAL segments are not zero-filled first (only their last byte is written): filling 16 MB
  // in the middle of a commit held an ingest up to ~80 ms whenever the engine's writes crossed
  // into a new segment (the engine bench's p99).
  const startParams = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'];
  const client = inMemory ? new PGlite({ ...(loadDataDir && { loadDataDir }), startParams }) : new PGlite(url, { startParams });
  const db = drizzle(client, { schema }) as unknown as Db;
  try {
    // One process owns a PGlite directory: no lock to take.
    const applied = await settleSchema(db, migrations, async () => {
      const before = await schemaVersion(db, migrationsFolder);
      await migrate(db as never, { migrationsFolder });
      return before.missing;
    });
    setParsersOnce(client);
    nameStatementsOn(db, (inTransaction, name, text, params) => queryPrepared(client, inTransaction, name, text, params));
    return { db, kind: 'pglite', applied, close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

async function settleSchema(db: Db, mode: MigrationMode, apply: () => Promise<string[]>): Promise<string[]> {
  if (mode === 'apply') return apply();
  const version = await schemaVersion(db, migrationsFolder);
  if (version.missing.length) throw new SchemaBehind(version);
  return [];
}

/** Whether the database answers a trivial query within `timeoutMs` (readiness checks). */
export async function databaseReachable(database: Database, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = database.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
