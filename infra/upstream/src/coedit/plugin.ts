import type { FastifyInstance, RouteOptions } from 'fastify';
import { ConflictReply, routes, versionedReads, versionedWrites, type RouteDef } from '@odds/protocol';
import { VersionConflict } from './conflict';

const CONFLICT_DOC = 'Optimistic concurrency: send the `version` you read as `If-Match: "<version>"` (or `version` in the body). '
  + 'When the record has changed since, the reply is 409 CONFLICT with the current record (`current`), who changed it '
  + '(`changed_by`) and when (`changed_at`), and nothing is written. Without a version the write is applied as before. '
  + 'Every write is recorded in the history (GET /api/1/audit).';

const key = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${route.path}`;
const writes = new Set(Object.keys(versionedWrites).map((name) => key((routes as Record<string, RouteDef>)[name]!)));
const reads = new Set(Object.keys(versionedReads).map((name) => key((routes as Record<string, RouteDef>)[name]!)));

/**
 * Co-editing on the root instance, before any route: the versioned writes of protocol's table get
 * their 409 documented (OpenAPI) and answered with the conflict body (the service's error handler
 * sends only the message); single-record reads of versioned entities get an `ETag` of the version.
 */
export function installCoediting(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const method = Array.isArray(route.method) ? route.method[0] : route.method;
    const routeKey = `${method} ${route.url}`;
    if (writes.has(routeKey)) {
      const schema = (route.schema ??= {}) as Record<string, unknown>;
      schema.description = CONFLICT_DOC;
      schema.headers = {
        type: 'object',
        properties: { 'if-match': { type: 'string', description: 'The version read, e.g. "3": a stale one answers 409.' } },
      };
      schema.response = { ...(schema.response as object), 409: ConflictReply };
      const previous = route.errorHandler;
      route.errorHandler = function (error, request, reply) {
        if (error instanceof VersionConflict) return reply.status(409).send(error.body);
        if (previous) return previous.call(this, error, request, reply);
        throw error;
      };
    }
    if (reads.has(routeKey)) {
      route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), async (_request, reply, payload) => {
        if (reply.statusCode === 200 && typeof payload === 'string') {
          // A single record is small: read its own (top-level) version, whatever the field order.
          const version = (JSON.parse(payload) as { version?: unknown }).version;
          if (typeof version === 'number') reply.header('etag', `"${version}"`);
        }
        return payload;
      }];
    }
  });
}
