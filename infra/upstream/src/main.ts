import { loggerOptions, refuse, startProcess } from '@odds/ops';
import { buildUpstream } from './app';
import { changeTransportFor } from './broker/change-transport';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { engineFor } from './engine/engine';
import { refuseDemoLogins } from './production';
import { ensureDemoUser, OPS_NAME, seedDemoData } from './seed/index';

/** Starts the back-office services: open and migrate the database, seed it once, listen. */
startProcess('api');
const config = (() => {
  try {
    return readConfig();
  } catch (error) {
    return refuse('api', error);
  }
})();
// In production the schema is migrated by its own step (dist/migrate.js) and only checked here.
const database = await openDatabase(config.databaseUrl, { migrations: config.production ? 'check' : 'apply' }).catch((error: unknown) => refuse('api', error));
if (config.production) await refuseDemoLogins(database.db, config).catch((error: unknown) => refuse('api', error));
const app = await buildUpstream({ database, logger: loggerOptions('upstream', config.logLevel), tokenTtlMs: config.tokenTtlMs, metricsToken: process.env.METRICS_TOKEN || null });
let seeded = false;
if (config.seedDemo) {
  seeded = await seedDemoData(database.db);
  await ensureDemoUser(database.db, config.demoEmail, config.demoPassword, config.demoPasswordExplicit, 'Demo Operator', true);
  await ensureDemoUser(database.db, config.opsEmail, config.opsPassword, config.opsPasswordExplicit, OPS_NAME);
}
app.log.info({ database: database.kind, production: config.production, seeded, migrated: database.applied }, seeded ? 'database seeded with demo data' : 'database ready');
// Change notices of every process (engine workers, other API processes) on Postgres or Redis.
const changes = changeTransportFor(process.env, config.databaseUrl, (error) => app.log.warn({ err: error }, 'change stream transport'));
const bus = engineFor(database.db).bus;
if (changes) await bus.attach(changes);

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await bus.detach();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
