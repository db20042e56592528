import { buildUpstream } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { ensureDemoUser, OPS_NAME, seedDemoData } from './seed/index';

/** Starts the back-office services: open and migrate the database, seed it once, listen. */
const config = readConfig();
const database = await openDatabase(config.databaseUrl);
const app = await buildUpstream({ database, logger: { level: config.logLevel, name: 'upstream' }, tokenTtlMs: config.tokenTtlMs });
const seeded = await seedDemoData(database.db);
await ensureDemoUser(database.db, config.demoEmail, config.demoPassword, config.demoPasswordExplicit);
await ensureDemoUser(database.db, config.opsEmail, config.opsPassword, config.opsPasswordExplicit, OPS_NAME);
app.log.info({ database: database.kind, seeded }, seeded ? 'database seeded with demo data' : 'database ready');

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
