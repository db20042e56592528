import { createServer } from 'node:http';
import pino from 'pino';
import { refuse, startProcess } from '@odds/ops';
import { databaseReachable, openDatabase } from '../db/client';
import { Engine } from '../engine/engine';
import { ChangeBus } from '../engine/changes';
import { changeTransportFor } from './change-transport';
import { shardsFrom } from './topology';
import { EngineWorker } from './worker';

/**
 * `npm run engine`: one engine worker (start any number). Needs DATABASE_URL (Postgres) and
 * AMQP_URL; serves /healthz and /metrics on ENGINE_PORT (default 9100; 0 picks a free port).
 * SIGTERM/SIGINT: stop consuming, finish and ack the batches held, finish sends, close.
 */
startProcess('worker');
const env = process.env;
const log = pino({ name: `engine-worker-${process.pid}`, level: env.LOG_LEVEL ?? 'info' });
const databaseUrl = env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  log.error('an engine worker needs DATABASE_URL=postgres://… (the database every worker and the API share)');
  process.exit(2);
}
if (!env.AMQP_URL) {
  log.error('an engine worker needs AMQP_URL=amqp://… (the broker it consumes the feed from)');
  process.exit(2);
}
const number = (name: string, fallback: number) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) {
    log.error(`${name} must be a non-negative integer, got '${env[name]}'`);
    process.exit(2);
  }
  return value;
};
const shards = shardsFrom(env);
const index = number('ENGINE_WORKER_INDEX', 0);
const workers = Math.max(1, number('ENGINE_WORKERS', 1));

// In production the schema is migrated by its own step (dist/migrate.js) and only checked here.
const database = await openDatabase(databaseUrl, { migrations: env.NODE_ENV === 'production' ? 'check' : 'apply' }).catch((error: unknown) => refuse('worker', error));
const bus = new ChangeBus();
const transport = changeTransportFor(env, databaseUrl, (error) => log.warn({ err: error.message }, 'change stream transport'));
if (transport) await bus.attach(transport);
const engine = new Engine(database.db, { smtpUrl: env.SMTP_URL || null, smtpFrom: env.SMTP_FROM || undefined, bus });
// A reset by the API (or another process) leaves this worker's cache of the match behind.
bus.subscribe((notice) => {
  if (notice.reset) engine.forgetMatch(notice.match_id);
});
const worker = new EngineWorker({
  amqpUrl: env.AMQP_URL, db: database.db, engine, shards,
  prefetch: number('ENGINE_PREFETCH', 500), batchMax: Math.max(1, number('ENGINE_BATCH_MAX', 200)), batchMs: number('ENGINE_BATCH_MS', 20),
  preferred: (shard) => shard % workers === index % workers, standbyDelayMs: number('ENGINE_STANDBY_DELAY_MS', 3_000),
  log: (level, message, fields) => log[level](fields ?? {}, message),
});
// Sends a dead worker left PENDING go out from here (same idempotency key).
const sweeper = setInterval(() => void engine.sweepSends(number('ENGINE_SEND_GRACE_MS', 10_000)).catch(() => {}), 5_000);
sweeper.unref();

const labels = { worker: String(process.pid) };
const server = createServer((request, response) => {
  const path = (request.url ?? '/').split('?')[0];
  if (path === '/healthz') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', pid: process.pid, busy: worker.busy, ...worker.metrics.json() }));
  } else if (path === '/readyz') {
    // Ready while its database answers (a lost broker ends the process: the platform restarts it).
    void databaseReachable(database).then((ok) => {
      response.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: ok ? 'ready' : 'not ready', checks: { database: ok ? 'ok' : 'down', broker: 'ok' } }));
    });
  } else if (path === '/metrics') {
    if (env.METRICS_TOKEN && request.headers.authorization !== `Bearer ${env.METRICS_TOKEN}`) return void response.writeHead(401).end();
    response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(worker.metrics.prometheus(labels));
  } else {
    response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ statusCode: 404, message: `No such call: ${request.method} ${path}` }));
  }
});

let closing = false;
const shutdown = async (signal: string, code = 0) => {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'engine worker stopping');
  clearInterval(sweeper);
  await worker.stop().catch((error: Error) => log.error({ err: error.message }, 'stop failed'));
  await engine.close();
  await bus.detach();
  server.close();
  await database.close();
  log.info(worker.metrics.json(), 'engine worker stopped');
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
await new Promise<void>((resolve) => server.listen(number('ENGINE_PORT', 9100), env.ENGINE_HOST ?? '127.0.0.1', resolve));
const address = server.address();
log.info({ shards, index, workers, port: typeof address === 'object' && address ? address.port : null }, 'engine worker consuming');
// A line the cluster script and tests wait for.
console.log(`engine worker ${process.pid} ready on port ${typeof address === 'object' && address ? address.port : ''}`);
