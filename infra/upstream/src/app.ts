import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { DisplayStore } from './auth/displays';
import { createRegistry, observeRequests, serveMetrics, ShortRequestLog } from '@odds/ops';
import { SessionStore } from './auth/sessions';
import { databaseReachable, type Database } from './db/client';
import { keepStatistics } from './db/statistics';
import { installCoediting } from './coedit/plugin';
import { clientErrorHandler, installErrorHandler } from './errors';
import { engineFor } from './engine/engine';
import { authPlugin } from './http/auth';
import { registerOpenApi } from './http/openapi';
import { validatorCompiler } from './http/validation';
import { authRoutes } from './routes/auth';
import { routeModules } from './routes/index';

export interface UpstreamOptions {
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** How long a login token stays valid. */
  tokenTtlMs?: number;
  /** When set, /metrics needs `Authorization: Bearer <token>` (METRICS_TOKEN). */
  metricsToken?: string | null;
}

/** The back-office services (auth, event store, content, control) under /api/1/, as one Fastify app. */
export async function buildUpstream({ database, logger = false, tokenTtlMs = 12 * 60 * 60 * 1000, metricsToken = null }: UpstreamOptions): Promise<FastifyInstance> {
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
  const sessions = new SessionStore(database.db, tokenTtlMs);
  const displays = new DisplayStore(database.db);
  installErrorHandler(app);
  // Prometheus metrics (@odds/ops): the standard process ones and the time to answer per route.
  const registry = createRegistry();
  observeRequests(app, registry, 'upstream');
  // Before any route: the OpenAPI document is built from the routes registered after it.
  await registerOpenApi(app);
  // Before any route too: versioned writes get their 409 (and its docs), versioned reads an ETag.
  installCoediting(app);
  await app.register(authPlugin, { sessions, displays, db: database.db });
  await app.register(authRoutes, { sessions, displays });
  // Sessions ended by another process (the operator command disabling an account, another API
  // process) leave this process's token cache at once, not after its few seconds.
  const forgetRevoked = engineFor(database.db).bus.subscribe((notice) => {
    if (notice.revoked_tokens?.length) sessions.forget(notice.revoked_tokens);
  });
  app.addHook('onClose', async () => void forgetRevoked());
  for (const routes of routeModules) await app.register(routes, { db: database.db });
  // Health for the relay and for operations: public, answers without touching business data.
  app.get('/healthz', { config: { public: true } }, async () => ({ status: 'ok', database: database.kind }));
  // Readiness for a load balancer or orchestrator: 503 while the database does not answer.
  app.get('/readyz', { config: { public: true } }, async (_request, reply) => {
    const checks = { database: await databaseReachable(database) ? 'ok' as const : 'down' as const };
    const ready = Object.values(checks).every((state) => state === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
  serveMetrics(app, registry, { token: metricsToken });
  const statistics = keepStatistics(database, app.log.child({ module: 'upstream:statistics' }));
  app.addHook('onClose', async () => statistics.stop());
  return app;
}
