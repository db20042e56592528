import { startProcess } from '@odds/ops';
import { readDatabaseConfig } from './config';
import { openDatabase } from './db/client';
import { schemaVersion } from './db/migrate';
import { migrationsFolder } from './db/client';

/**
 * `node dist/migrate.js` (`npm run db:migrate`): the migrate step of a deployment. Applies the
 * migrations the database lacks under a Postgres advisory lock, so jobs started together take
 * turns: the first applies, the others wait, find nothing left to do and succeed. Idempotent.
 * Exit 0 when the schema is current, 1 (with the reason) when it could not be made so.
 */
const env = startProcess('migrate');
try {
  const config = readDatabaseConfig(env);
  const database = await openDatabase(config.databaseUrl, { migrations: 'apply' });
  const version = await schemaVersion(database.db, migrationsFolder);
  await database.close();
  console.log(
    database.applied.length
      ? `migrate: applied ${database.applied.length} migration(s) on ${database.kind}: ${database.applied.join(', ')}; schema at ${version.expected.tag}`
      : `migrate: nothing to apply; the ${database.kind} schema is current at ${version.applied?.tag ?? version.expected.tag}`,
  );
  process.exit(0);
} catch (error) {
  console.error(`migrate: ${(error as Error).message}`);
  process.exit(1);
}
