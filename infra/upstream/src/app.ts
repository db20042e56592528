import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { SessionStore } from './auth/sessions';
import type { Database } from './db/client';
import { keepStatistics } from './db/statistics';
import { installCoediting } from './coedit/plugin';
import { installErrorHandler } from './errors';
import { authPlugin } from './http/auth';
import { registerOpenApi } from './http/openapi';
import { authRoutes } from './routes/auth';
import { routeModules } from './routes/index';

export interface UpstreamOptions {
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** How long a login token stays valid. */
  tokenTtlMs?: number;
}

/** The back-office services (auth, event store, content, control) under /api/1/, as one Fastify app. */
export async function buildUpstream({ database, logger = false, tokenTtlMs = 12 * 60 * 60 * 1000 }: UpstreamOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
  });
  const sessions = new SessionStore(database.db, tokenTtlMs);
  installErrorHandler(app);
  // Before any route: the OpenAPI document is built from the routes registered after it.
  await registerOpenApi(app);
  // Before any route too: versioned writes get their 409 (and its docs), versioned reads an ETag.
  installCoediting(app);
  await app.register(authPlugin, { sessions });
  await app.register(authRoutes, { sessions });
  for (const routes of routeModules) await app.register(routes, { db: database.db });
  // Health for the relay and for operations: public, answers without touching business data.
  app.get('/healthz', { config: { public: true } }, async () => ({ status: 'ok', database: database.kind }));
  const statistics = keepStatistics(database, app.log.child({ module: 'upstream:statistics' }));
  app.addHook('onClose', async () => statistics.stop());
  return app;
}
