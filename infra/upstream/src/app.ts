import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { DisplayStore } from './auth/displays';
import { createRegistry, observeRequests, serveMetrics, ShortRequestLog } from '@odds/ops';
import { SessionStore } from './auth/sessions';
import { databaseReachable, type Database } from './db/client';
import { keepStatistics } from './db/statistics';
import { coediting } from './coedit/plugin';
import { presenters } from './routes/presenters';
import { NoticePublisher, noticeSettings, type NoticeSettings } from './coedit/notice-publisher';
import { clientErrorHandler, installErrorHandler } from './errors';
import { enginePlugin } from './plugins/engine';
import { authPlugin } from './http/auth';
import { installIdempotency } from './http/idempotency';
import { installJsonBodyParser } from './http/json-body';
import { registerOpenApi } from './http/openapi';
import { validatorCompiler } from './http/validation';
import { authRoutes } from './routes/auth';
import { operatorRoutes } from './routes/operators';
import { routeModules } from './routes/index';
import { FeedStallMonitor } from './feeds/health/monitor';
import { feedHealthSettings, type FeedHealthSettings } from './feeds/health/settings';
import { Gauge } from 'prom-client';
import type { BrokerSettings, SmtpSettings } from './config';
import { createSmtpSender } from './mail/smtp';
import type { DispatcherOptions } from './engine/dispatch';

export interface UpstreamOptions {
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** How long a login token stays valid. */
  tokenTtlMs?: number;
  /** When set, /metrics needs `Authorization: Bearer <token>` (METRICS_TOKEN). */
  metricsToken?: string | null;
  /** FEED_STALL_S (feeds/health/settings.ts); false runs no stall monitor (tests that drive one themselves). */
  feedHealth?: FeedHealthSettings | false;
  /** AMQP_URL…: the ingest route publishes to the broker for the engine workers; none (the default): this process ingests and sends. */
  broker?: BrokerSettings | null;
  /** SMTP_URL, SMTP_FROM: the mail server of EMAIL contacts and set-password links; none (the default): mails are recorded only. */
  smtp?: SmtpSettings | null;
  /** DELIVERY_*: concurrency, timeout and retry policy of this process's senders. */
  sending?: DispatcherOptions;
  /** CHANGE_OUTBOX_SWEEP_MS and CHANGE_OUTBOX_DELAY_MS (coedit/notice-publisher.ts); the defaults unless given. */
  notices?: NoticeSettings;
}

/** The back-office services (auth, event store, content, control) under /api/1/, as one Fastify app. */
export async function buildUpstream({
  database,
  logger = false,
  tokenTtlMs = 12 * 60 * 60 * 1000,
  metricsToken = null,
  feedHealth,
  broker = null,
  smtp = null,
  sending = {},
  notices = noticeSettings({}),
}: UpstreamOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    logController: new ShortRequestLog(),
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
  });
  // One validator for every route (http/validation.ts): strict JSON bodies, digits-only numbers in
  // params and queries, no NUL in any text.
  app.setValidatorCompiler(validatorCompiler);
  // JSON bodies: a depth limit before parsing, and a refusal that says what was wrong (http/json-body.ts).
  installJsonBodyParser(app);
  const sessions = new SessionStore(database.db, tokenTtlMs);
  const displays = new DisplayStore(database.db);
  installErrorHandler(app);
  // Prometheus metrics (@odds/ops): the standard process ones and the time to answer per route.
  const registry = createRegistry();
  observeRequests(app, registry, 'upstream');
  // Before any route: the OpenAPI document is built from the routes registered after it.
  await registerOpenApi(app);
  // Before any route too: versioned writes get their 409 (and its docs), versioned reads an ETag.
  await app.register(coediting, { db: database.db, presenters });
  // The engine and its change bus, from this app's mail server and send settings (app.engine, app.changes).
  await app.register(enginePlugin, { db: database.db, settings: { smtp, sending, onlyWriter: database.kind === 'pglite' } });
  const engine = app.engine;
  await app.register(authPlugin, { sessions, displays, db: database.db });
  // After auth (keys are per operator), before every route: any POST may carry an Idempotency-Key.
  installIdempotency(app, database.db);
  await app.register(authRoutes, { sessions, displays, db: database.db });
  const mail = smtp ? createSmtpSender(smtp.url, smtp.from) : null;
  if (mail) app.addHook('onClose', async () => mail.close());
  await app.register(operatorRoutes, { sessions, db: database.db, mail });
  // Sessions ended by another process (the operator command disabling an account, another API
  // process) leave this process's token cache at once, not after its few seconds.
  const forgetRevoked = engine.bus.subscribe((notice) => {
    if (notice.revoked_tokens?.length) sessions.forget(notice.revoked_tokens);
  });
  app.addHook('onClose', async () => void forgetRevoked());
  // The change notices of committed writes wait in the outbox (coedit/notices.ts) until published
  // here: at ready (what a crashed process left, once main.ts attached the transport between
  // processes), after each commit of this process, and on a sweep.
  const publisher = new NoticePublisher(database.db, engine.bus, notices, app.log.child({ module: 'upstream:notices' }));
  app.decorate('notices', publisher);
  // Versioned writes of the routes below commit their notices on this app's database and wake its publisher.
  app.decorate('writes', { db: database.db, notices: publisher });
  app.addHook('onReady', async () => void publisher.start());
  app.addHook('onClose', async () => publisher.stop());
  const feedSettings = feedHealth || feedHealthSettings({});
  for (const routes of routeModules) await app.register(routes, { db: database.db, feedHealth: feedSettings, broker });
  // Every live match's feed is watched for stalls, whatever the feed (feeds/health/monitor.ts).
  if (feedHealth !== false) {
    const monitor = new FeedStallMonitor(database.db, engine.bus, feedSettings, app.log.child({ module: 'upstream:feed-health' }));
    new Gauge({
      name: 'feed_match_stalled',
      help: 'A live match whose feed is stalled (1) or flowing (0), by match and feed kind.',
      labelNames: ['match_id', 'feed'],
      registers: [registry],
      collect() {
        this.reset();
        for (const health of monitor.current.values()) this.set({ match_id: String(health.match_id), feed: health.feed }, health.stalled ? 1 : 0);
      },
    });
    new Gauge({
      name: 'feed_stalled_matches',
      help: 'Live matches whose feed is stalled.',
      registers: [registry],
      collect() {
        this.set([...monitor.current.values()].filter((h) => h.stalled).length);
      },
    });
    monitor.start();
    app.addHook('onClose', async () => monitor.stop());
  }
  // Health for the relay and for operations: public, answers without touching business data.
  app.get('/healthz', { config: { public: true } }, async () => ({ status: 'ok', database: database.kind }));
  // Readiness for a load balancer or orchestrator: 503 while the database does not answer.
  app.get('/readyz', { config: { public: true } }, async (_request, reply) => {
    const checks = { database: (await databaseReachable(database)) ? ('ok' as const) : ('down' as const) };
    const ready = Object.values(checks).every((state) => state === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
  serveMetrics(app, registry, { token: metricsToken });
  const statistics = keepStatistics(database, app.log.child({ module: 'upstream:statistics' }));
  app.addHook('onClose', async () => statistics.stop());
  return app;
}
