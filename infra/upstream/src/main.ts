import { loggerOptions, refuse, startProcess, startTracing } from '@odds/ops';
import { buildUpstream } from './app';
import { changeTransportFor } from './notices/transports';
import { readConfig } from './config';
import { webhookSettings } from './engine/channels/webhook-settings';
import { openDatabase } from './db/client';
import { LeaseHolder } from './db/lease';
import { BrokerIngest } from './broker/ingest';
import { refuseDemoLogins } from './production';
import { groupsFromDescriptions } from './feeds/uof/market-groups';
import { startUof } from './feeds/uof/start';
import { UofStatus } from './feeds/uof/status';
import { marketDescriptionsFor } from './feeds/uof/api-settings';
import { SyncWorker } from './feeds/uof/sync/worker';
import { ensureDemoUser, OPS_NAME, seedDemoData } from './seed/index';
import { seedComplianceDemo } from './seed/compliance-demo';

/** How long the UOF consumer's lease lasts unrenewed: a crashed holder's successor starts within it. */
const UOF_LEASE_MS = 15_000;

/** Starts the back-office services: open and migrate the database, seed it once, listen. */
const env = startProcess('api');
const config = (() => {
  try {
    return readConfig(env);
  } catch (error) {
    return refuse('api', error);
  }
})();
// OpenTelemetry (OTEL_*, docs/tracing.md): off unless an exporter is configured.
const tracing = await startTracing('api', env);
// In production the schema is migrated by its own step (dist/migrate.js) and only checked here.
const database = await openDatabase(config.databaseUrl, { migrations: config.production ? 'check' : 'apply' }).catch((error: unknown) => refuse('api', error));
if (config.production) await refuseDemoLogins(database.db, config).catch((error: unknown) => refuse('api', error));
// Sportradar UOF's state (docs/feeds-uof.md), shown by /readyz and /metrics once the adapter runs below.
const uofStatus = config.uof ? new UofStatus() : null;
// The vendor's market descriptions (UOF_API_URL), one cache for the mapping screen and the adapter.
const uofDescriptions = config.uofApi ? marketDescriptionsFor(config.uofApi) : null;
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
  whatsappWebhook: config.whatsappWebhook,
  webhooks: webhookSettings(config.webhooks),
  timeZone: config.timeZone,
  uof: uofStatus,
  uofDescriptions,
  signIn: config.signIn,
  catalogSync: config.catalogSync,
});
// The spans still held are exported once the server has closed.
app.addHook('onClose', () => tracing.shutdown());
let seeded = false;
if (config.seedDemo) {
  seeded = await seedDemoData(database.db, undefined, { simulatedStats: config.webhooks.simulatedStats });
  // The embedded demo's customers with compliance data (seed/compliance-demo.ts), after its history.
  if (seeded && config.webhooks.simulatedStats) await seedComplianceDemo(database.db, config.sending.options.channels?.compliance.hashKey ?? null);
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
// It never throws for its broker: a broker down at boot is connected to in the background.
// A bet_stop's groups from the vendor's market descriptions (the built-in table until they are read).
const groupsOf = uofDescriptions ? groupsFromDescriptions(uofDescriptions) : undefined;
// One API process at a time holds the feed (a lease in the database); the others stand by and
// take over within UOF_LEASE_MS of its end, at once after a clean stop.
const uofLog = app.log.child({ module: 'upstream:uof' });
const uofConsumer = uof
  ? new LeaseHolder(
      database.db,
      'uof-consumer',
      UOF_LEASE_MS,
      () => startUof(uof, database.db, uofIngest ?? app.engine, bus, uofLog, uofStatus!, { ...(groupsOf && { groupsOf }) }),
      uofLog,
      () => uofStatus!.set('standby', 'another API process holds the feed'),
    )
  : null;
await uofConsumer?.run();

// The catalog sync from the UOF Sports API (docs/catalog.md): one process at a time holds each provider.
const syncIngest = config.catalogSync && !uofIngest && config.broker ? new BrokerIngest(config.broker, database.db) : null;
const syncWorker = config.catalogSync
  ? new SyncWorker({
      db: database.db,
      settings: config.catalogSync,
      log: app.log.child({ module: 'upstream:catalog-sync' }),
      ingest: uofIngest ?? syncIngest ?? app.engine,
    }).start()
  : null;

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await syncWorker?.stop();
  await syncIngest?.close();
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
