import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { DisplayStore } from './auth/displays';
import { createRegistry, DEFAULTS, observeRequests, serveMetrics, ShortRequestLog, traceRequests } from '@odds/ops';
import { routes as apiRoutes } from '@odds/protocol';
import { SessionStore } from './auth/sessions';
import { databaseReachable, type Database } from './db/client';
import { keepStatistics } from './db/statistics';
import { coediting } from './coedit/plugin';
import { presenters } from './routes/presenters';
import { NoticePublisher, noticeSettings, type NoticeSettings } from './notices/publisher';
import { clientErrorHandler, installErrorHandler } from './errors';
import { enginePlugin } from './plugins/engine';
import { authPlugin } from './http/auth';
import { installIdempotency } from './http/idempotency';
import { installJsonBodyParser } from './http/json-body';
import { registerOpenApi } from './http/openapi';
import { validatorCompiler } from './http/validation';
import { authRoutes } from './routes/auth';
import { operatorRoutes } from './routes/operators';
import { sessionRoutes } from './routes/sessions';
import { installPasswordSwitch, ssoRoutes } from './routes/sso';
import { ssoGroupRoutes } from './routes/sso-groups';
import { IdentityProvider } from './auth/oidc/provider';
import type { SignInSettings } from './auth/oidc/settings';
import type { SyncSettings } from './feeds/uof/sync/settings';
import { routeModules } from './routes/index';
import { FeedStallMonitor } from './feeds/health/monitor';
import { feedHealthSettings, type FeedHealthSettings } from './feeds/health/settings';
import type { MarketDescriptions } from './feeds/uof/market-descriptions';
import { Gauge } from 'prom-client';
import type { BrokerSettings, SmtpSettings, WhatsappWebhookSettings } from './config';
import { createSmtpSender } from './mail/smtp';
import type { DispatcherOptions } from './engine/dispatch';
import type { WebhookSettings } from './engine/channels/webhook-settings';
import type { UofStatus } from './feeds/uof/status';

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
  /** CHANGE_OUTBOX_SWEEP_MS and CHANGE_OUTBOX_DELAY_MS (notices/publisher.ts); the defaults unless given. */
  notices?: NoticeSettings;
  /** WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: the WhatsApp status webhook's keys; none (the default): it answers 404. */
  whatsappWebhook?: WhatsappWebhookSettings | null;
  /** WEBHOOK_* (engine/channels/webhook-settings.ts); none: the strict defaults (no allow-list, no simulated figures). */
  webhooks?: WebhookSettings;
  /** The UOF adapter's state when this process runs it (UOF_AMQP_URL): /readyz's detail and the UOF metrics. */
  uof?: UofStatus | null;
  /** The UOF market descriptions of UOF_API_URL (feeds/uof/api-settings.ts); none: the mapping screen has UOF ids only. */
  uofDescriptions?: MarketDescriptions | null;
  /** OIDC_*, PASSWORD_SIGN_IN (auth/oidc/settings.ts): passwords only (the default), the identity provider, or both. */
  signIn?: SignInSettings;
  /** DEPLOYMENT_TIME_ZONE: the IANA zone "today" is counted in (the Compliance screen); UTC when absent. */
  timeZone?: string;
  /** The catalog sync's settings (UOF_API_URL, UOF_SYNC_*; feeds/uof/sync/settings.ts); none: the Catalog sync panel says it is off. */
  catalogSync?: SyncSettings | null;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics', apiRoutes.changes.path]);

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
  notices = noticeSettings(DEFAULTS),
  whatsappWebhook = null,
  webhooks,
  uof = null,
  uofDescriptions = null,
  signIn = { password: true, sso: null },
  timeZone = 'UTC',
  catalogSync = null,
}: UpstreamOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    logController: new ShortRequestLog(),
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
  });
  // A span per call (docs/tracing.md), before any route: every write, and every read that comes with
  // a `traceparent` (what the relay forwards); not the relays' own polls and access checks, nor
  // health, metrics and the open change stream.
  traceRequests(app, {
    scope: '@odds/upstream',
    traced: (request) => {
      const route = request.routeOptions.url ?? '';
      if (UNTRACED.has(route)) return false;
      const read = READS.has(request.method) || route === apiRoutes.accessBatch.path;
      return !read || 'traceparent' in request.headers;
    },
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
  await app.register(enginePlugin, { db: database.db, settings: { smtp, sending, webhooks, onlyWriter: database.kind === 'pglite', log: app.log } });
  const engine = app.engine;
  await app.register(authPlugin, { sessions, displays, db: database.db });
  // After auth (keys are per session), before every route: any POST may carry an Idempotency-Key.
  installIdempotency(app, database.db);
  // Password routes answer 403 when a deployment signs in through its identity provider only.
  installPasswordSwitch(app, signIn);
  const identityProvider = signIn.sso ? new IdentityProvider(signIn.sso) : null;
  await app.register(authRoutes, { sessions, displays, db: database.db, identityProvider });
  await app.register(ssoRoutes, { db: database.db, sessions, signIn, provider: identityProvider });
  const mail = smtp ? createSmtpSender(smtp.url, smtp.from) : null;
  if (mail) app.addHook('onClose', async () => mail.close());
  await app.register(operatorRoutes, { sessions, db: database.db, mail });
  await app.register(sessionRoutes, { sessions, db: database.db });
  // Sessions ended by another process (the operator command disabling an account, another API
  // process) leave this process's token cache at once, not after its few seconds.
  const forgetRevoked = engine.bus.subscribe((notice) => {
    if (notice.revoked_tokens?.length) sessions.forget(notice.revoked_tokens);
    // A role or grants changed (routes/operators.ts): the sessions' next calls read them afresh.
    if (notice.access_changed?.length) sessions.forget(notice.access_changed);
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
  // The identity provider's groups and what they give (versioned writes: after app.writes).
  await app.register(ssoGroupRoutes, { db: database.db, signIn });
  const feedSettings = feedHealth || feedHealthSettings(DEFAULTS);
  for (const routes of routeModules)
    await app.register(routes, {
      db: database.db,
      feedHealth: feedSettings,
      broker,
      whatsappWebhook,
      uofDescriptions,
      timeZone,
      catalogSync,
      ...(sending.channels && { channels: sending.channels }),
    });
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
  // Readiness for a load balancer or orchestrator: 503 while the database does not answer. The UOF
  // broker's connection is detail, not a check: the console stays usable without it (docs/feeds-uof.md).
  uof?.register(registry);
  app.get('/readyz', { config: { public: true } }, async (_request, reply) => {
    const checks = { database: (await databaseReachable(database)) ? ('ok' as const) : ('down' as const) };
    const ready = Object.values(checks).every((state) => state === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks, ...(uof && { detail: { uof: uof.detail() } }) });
  });
  serveMetrics(app, registry, { token: metricsToken });
  const statistics = keepStatistics(database, app.log.child({ module: 'upstream:statistics' }));
  app.addHook('onClose', async () => statistics.stop());
  return app;
}
