import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ConflictReply, routes, versionedReads, versionedWrites, type AuditEntity, type RouteDef } from '@odds/protocol';
import type { Db, Queryable } from '../db/client';
import { VersionConflict } from './conflict';

/** How a record is shown in a 409: as the API's own read of it. */
export type Present = (db: Queryable, id: number) => Promise<unknown>;

/** The co-editing registry of one app: how each versioned entity is shown in a 409 (the stored row where none is given). */
interface Coediting {
  readonly presenters: Readonly<Partial<Record<AuditEntity, Present>>>;
  /** The conflict's reply: its record as the API shows it. */
  conflictBody(conflict: VersionConflict): Promise<ConflictReply>;
}

declare module 'fastify' {
  interface FastifyInstance {
    coediting: Coediting;
  }
}

const CONFLICT_DOC =
  'Optimistic concurrency: send the `version` you read as `If-Match: "<version>"` (or `version` in the body). ' +
  'When the record has changed since, the reply is 409 CONFLICT with the current record (`current`), who changed it ' +
  '(`changed_by`) and when (`changed_at`), and nothing is written. Without a version the write is applied as before. ' +
  'Every write is recorded in the history (GET /api/1/audit).';

const key = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${route.path}`;
const writes = new Set(Object.keys(versionedWrites).map((name) => key((routes as Record<string, RouteDef>)[name]!)));
const reads = new Set(Object.keys(versionedReads).map((name) => key((routes as Record<string, RouteDef>)[name]!)));

/**
 * Co-editing on the root instance (registered before any route): the versioned writes of protocol's
 * table get their 409 documented (OpenAPI) and answered with the conflict body (the service's error
 * handler sends only the message), its record shown by this app's presenters, the same whichever
 * route modules are registered; single-record reads of versioned entities get an `ETag` of the version.
 */
export const coediting = fp(
  async (app: FastifyInstance, { db, presenters }: { db: Db; presenters: Partial<Record<AuditEntity, Present>> }) => {
    const registry: Coediting = {
      presenters,
      async conflictBody(conflict) {
        const present = conflict.id === undefined ? undefined : presenters[conflict.entity];
        const body = conflict.body;
        return present ? { ...body, current: await present(db, conflict.id!) } : body;
      },
    };
    app.decorate('coediting', registry);
    app.addHook('onRoute', (route: RouteOptions) => {
      const method = Array.isArray(route.method) ? route.method[0] : route.method;
      const routeKey = `${method} ${route.url}`;
      if (writes.has(routeKey)) {
        route.schema ??= {};
        const schema = route.schema as Record<string, unknown>;
        schema.description = CONFLICT_DOC;
        schema.headers = {
          type: 'object',
          properties: { 'if-match': { type: 'string', description: 'The version read, e.g. "3": a stale one answers 409.' } },
        };
        schema.response = { ...(schema.response as object), 409: ConflictReply };
        const previous = route.errorHandler;
        route.errorHandler = function (error, request, reply) {
          if (error instanceof VersionConflict) return registry.conflictBody(error).then((body) => reply.status(409).send(body));
          if (previous) return previous.call(this, error, request, reply);
          throw error;
        };
      }
      if (reads.has(routeKey)) {
        route.onSend = [
          ...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []),
          async (_request, reply, payload) => {
            if (reply.statusCode === 200 && typeof payload === 'string') {
              // A single record is small: read its own (top-level) version, whatever the field order.
              const version = (JSON.parse(payload) as { version?: unknown }).version;
              if (typeof version === 'number') reply.header('etag', `"${version}"`);
            }
            return payload;
          },
        ];
      }
    });
  },
  { name: 'coediting' },
);
