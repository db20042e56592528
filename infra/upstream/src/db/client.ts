import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database as the services see it: the same API whether PGlite or Postgres is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; it offers the same queries as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens and migrates the database. `url` is a postgres:// URL for real Postgres, `memory://` for
 * an in-memory PGlite (tests; optionally started from a `dumpDataDir()` tarball), or a directory
 * path for a PGlite kept on disk (the default `./data/pglite`).
 */
export async function openDatabase(url: string, { loadDataDir }: { loadDataDir?: Blob } = {}): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: url, max: 10 });
    // An idle connection the server ends (restart, pg_terminate_backend, DROP DATABASE … FORCE) is
    // dropped and replaced by the pool: without a listener its 'error' would end the process.
    pool.on('error', () => {});
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
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
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
