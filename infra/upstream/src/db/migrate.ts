import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { selectRows } from './rows';

/** What reading the schema's version needs of a database (client.ts's Db has it; importing that type back would tie the two files in a loop). */
type Db = Parameters<typeof selectRows>[0];

/**
 * The schema version: the `when` of the last migration applied (drizzle records it as created_at
 * in drizzle.__drizzle_migrations and applies every later one). The code's version is the last
 * entry of its journal. A database behind the code is refused in production (the servers do not
 * migrate there: `node dist/migrate.js` does, once, before the processes roll).
 */
export interface SchemaVersion {
  /** The last migration the code knows (its tag and time). */
  expected: { tag: string; when: number };
  /** The last migration the database has, or null for an empty database. */
  applied: { when: number; tag: string | null } | null;
  /** Migrations the code has that the database lacks, oldest first. */
  missing: string[];
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

function readJournal(migrationsFolder: string): Journal['entries'] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries;
}

export async function schemaVersion(db: Db, migrationsFolder: string): Promise<SchemaVersion> {
  const entries = readJournal(migrationsFolder);
  const last = entries.at(-1)!;
  const exists = await selectRows<{ present: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  let appliedWhen: number | null = null;
  if (exists[0]?.present) {
    const [row] = await selectRows<{ when: string | number | null }>(db, sql`select max(created_at) as when from drizzle.__drizzle_migrations`);
    appliedWhen = row?.when === null || row?.when === undefined ? null : Number(row.when);
  }
  return {
    expected: { tag: last.tag, when: last.when },
    applied: appliedWhen === null ? null : { when: appliedWhen, tag: entries.find((e) => e.when === appliedWhen)?.tag ?? null },
    missing: entries.filter((e) => appliedWhen === null || e.when > appliedWhen).map((e) => e.tag),
  };
}

/** Thrown by a server in production mode when the database's schema is behind its code. */
export class SchemaBehind extends Error {
  constructor(readonly version: SchemaVersion) {
    super(
      `the database schema is behind this version of the code (database at ${version.applied?.tag ?? 'nothing (empty database)'}, ` +
        `code needs ${version.expected.tag}; missing: ${version.missing.join(', ')}). ` +
        'Run the migrate step first: `node dist/migrate.js` (or `npm run db:migrate`), then start the servers.',
    );
    this.name = 'SchemaBehind';
  }
}

/** The key of the advisory lock every migrating process takes (any constant; "odds" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x6f646473;
