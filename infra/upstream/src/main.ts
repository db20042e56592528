import { loggerOptions, refuse, startProcess } from '@odds/ops';
import { buildUpstream } from './app';
import { changeTransportFor } from './broker/change-transport';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { BrokerIngest } from './broker/ingest';
import { refuseDemoLogins } from './production';
import { startUof } from './feeds/uof/start';
import { ensureDemoUser, OPS_NAME, seedDemoData } from './seed/index';

/** Starts the back-office services: open and migrate the database, seed it once, listen. */
const config = (() => {
  try {
    return readConfig(startProcess('api'));
  } catch (error) {
    return refuse('api', error);
  }
})();
// In production the schema is migrated by its own step (dist/migrate.js) and only checked here.
const database = await openDatabase(config.databaseUrl, { migrations: config.production ? 'check' : 'apply' }).catch((error: unknown) => refuse('api', error));
if (config.production) await refuseDemoLogins(database.db, config).catch((error: unknown) => refuse('api', error));
const app = await buildUpstream({
  database,
  logger: loggerOptions('upstream', config.logLevel, config.log),
  tokenTtlMs: config.tokenTtlMs,
  metricsToken: config.metricsToken,
  broker: config.broker,
  smtp: config.smtp,
  sending: config.sending.options,
  feedHealth: config.feedHealth,
  notices: config.notices,
});
let seeded = false;
if (config.seedDemo) {
  seeded = await seedDemoData(database.db);
  await ensureDemoUser(database.db, config.demoEmail, config.demoPassword, config.demoPasswordExplicit, 'Demo Operator', true);
  await ensureDemoUser(database.db, config.opsEmail, config.opsPassword, config.opsPasswordExplicit, OPS_NAME);
}
app.log.info(
  { database: database.kind, production: config.production, seeded, migrated: database.applied },
  seeded ? 'database seeded with demo data' : 'database ready',
);
// Change notices of every process (engine workers, other API processes) on Postgres or Redis.
const changes = changeTransportFor(config.changes, config.databaseUrl, (error) => app.log.warn({ err: error }, 'change stream transport'));
const bus = app.changes;
if (changes) await bus.attach(changes);
// Embedded (no broker): this process ingests, so it also sends the retries that come due.
if (!config.broker) app.engine.startSending({ intervalMs: config.sending.pollMs });
// Sportradar UOF (docs/feeds-uof.md): in this process, feeding the engine here or the broker's workers.
const uof = config.uof;
const uofIngest = uof && config.broker ? new BrokerIngest(config.broker, database.db) : null;
const uofConsumer = uof ? await startUof(uof, database.db, uofIngest ?? app.engine, bus, app.log.child({ module: 'upstream:uof' })) : null;

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await uofConsumer?.close();
  await uofIngest?.close();
  await app.close();
  await bus.detach();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
