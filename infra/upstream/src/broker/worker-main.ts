import { createServer } from 'node:http';
import pino from 'pino';
import { answerMetrics, createRegistry, refuse, startProcess, startTracing, traceMixin } from '@odds/ops';
import { readWorkerConfig } from '../config';
import { databaseReachable, openDatabase } from '../db/client';
import { assembleEngine } from '../plugins/engine';
import { webhookSettings } from '../engine/channels/webhook-settings';
import { ChangeBus } from '../notices/bus';
import { changeTransportFor } from '../notices/transports';
import { EngineWorker } from './worker';

/**
 * `npm run engine`: one engine worker (start any number). Needs DATABASE_URL (Postgres) and
 * AMQP_URL; serves /healthz and /metrics on ENGINE_PORT (default 9100; 0 picks a free port).
 * SIGTERM/SIGINT: stop consuming, finish and ack the batches held, finish sends, close.
 */
const env = startProcess('worker');
const config = (() => {
  try {
    return readWorkerConfig(env);
  } catch (error) {
    return refuse('worker', error);
  }
})();
// OpenTelemetry (OTEL_*, docs/tracing.md): off unless an exporter is configured.
const tracing = await startTracing('worker', env);
const log = pino({ name: `engine-worker-${process.pid}`, level: config.logLevel, mixin: traceMixin });
const { shards } = config.broker;
const { index, workers } = config;

// In production the schema is migrated by its own step (dist/migrate.js) and only checked here.
const database = await openDatabase(config.databaseUrl, { migrations: config.production ? 'check' : 'apply' }).catch((error: unknown) =>
  refuse('worker', error),
);
const bus = new ChangeBus();
const transport = changeTransportFor(config.changes, config.databaseUrl, (error) => log.warn({ err: error.message }, 'change stream transport'));
if (transport) await bus.attach(transport);
// Assembled as the API process assembles its own (plugins/engine.ts), on the bus that hears the other processes.
const engine = assembleEngine(database.db, {
  smtp: config.smtp,
  sending: config.sending.options,
  bus,
  webhooks: webhookSettings(config.webhooks, (fields, message) => log.warn(fields, message)),
});
// A reset by the API (or another process) leaves this worker's cache of the match behind.
bus.subscribe((notice) => {
  if (notice.reset) engine.forgetMatch(notice.match_id);
});
const worker = new EngineWorker({
  amqpUrl: config.broker.url,
  prefix: config.broker.prefix,
  db: database.db,
  engine,
  shards,
  prefetch: config.prefetch,
  batchMax: config.batchMax,
  batchMs: config.batchMs,
  preferred: (shard) => shard % workers === index % workers,
  standbyDelayMs: config.standbyDelayMs,
  log: (level, message, fields) => log[level](fields ?? {}, message),
});
// Retries that are due, whoever planned them, and sends a dead worker left PENDING go out from
// here (same idempotency key).
engine.startSending({ intervalMs: config.sending.pollMs, graceMs: config.sendGraceMs });

const registry = createRegistry({ worker: String(process.pid) });
worker.metrics.register(registry);
const server = createServer((request, response) => {
  if (answerMetrics(request, response, registry, { token: config.metricsToken })) return;
  const path = (request.url ?? '/').split('?')[0];
  if (path === '/healthz') {
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ status: 'ok', pid: process.pid, busy: worker.busy, ...worker.metrics.json(), sends: engine.sending?.counts ?? null }));
  } else if (path === '/readyz') {
    // Ready while its database answers (a lost broker ends the process: the platform restarts it).
    void databaseReachable(database).then((ok) => {
      response
        .writeHead(ok ? 200 : 503, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: ok ? 'ready' : 'not ready', checks: { database: ok ? 'ok' : 'down', broker: 'ok' } }));
    });
  } else {
    response
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ statusCode: 404, message: `No such call: ${request.method} ${path}` }));
  }
});

let closing = false;
const shutdown = async (signal: string, code = 0) => {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'engine worker stopping');
  await worker.stop().catch((error: Error) => log.error({ err: error.message }, 'stop failed'));
  await engine.close();
  await bus.detach();
  server.close();
  await database.close();
  log.info(worker.metrics.json(), 'engine worker stopped');
  await tracing.shutdown();
  process.exit(code);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
worker.onLost = (error) => {
  // Its shards go to other workers; what this process cached may no longer be true: start afresh.
  log.error({ err: error.message }, 'lost the broker; exiting');
  void shutdown('broker lost', 1);
};

await worker.start();
await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
const address = server.address();
log.info({ shards, index, workers, port: typeof address === 'object' && address ? address.port : null }, 'engine worker consuming');
// A line the cluster script and tests wait for.
console.log(`engine worker ${process.pid} ready on port ${typeof address === 'object' && address ? address.port : ''}`);
