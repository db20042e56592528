import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorReply, routes, type RouteDef } from '@odds/protocol';
import type { UpstreamClient } from '../upstream';

/**
 * The API's OpenAPI document and Swagger UI where operators reach the console: `/api/docs`.
 * The document is the upstream's own (`/docs/json`, generated from the handlers it registered with
 * the protocol's schemas), with the error replies of every route added from the protocol's route
 * table. The page is files only (Swagger UI's assets and our initializer, no inline script), so it
 * runs under a CSP of `script-src 'self'`. The page is public; the document needs a valid token
 * (the page sends the console's) unless API_DOCS=public.
 */
export type ApiDocsAccess = 'login' | 'public';

const API_DOCS_PREFIX = '/api/docs';
/** How long the relay keeps the upstream's document (it only changes with a new upstream version). */
const CACHE_MS = 60_000;

export interface ApiDocsOptions {
  upstream: UpstreamClient;
  /** API_DOCS; a login by default. */
  access?: ApiDocsAccess;
}

type Operation = { responses?: Record<string, unknown>; [key: string]: unknown };
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
}

const errorReply = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorReply' } } } });

/** The error replies a route of the table can give, as its definition says (input, token, path ids). */
function errorReplies(route: RouteDef): Record<string, unknown> {
  return {
    ...((route.params || route.query || route.body) && { 400: errorReply('Invalid request: the message says which field and why (SPEC §8).') }),
    ...(!route.public && { 401: errorReply('Authentication required: no token, or an expired or unknown one.') }),
    ...(route.params && { 404: errorReply('Not found: no such record for the ids in the path.') }),
    ...(route.body && { 413: errorReply('The request body is larger than the upstream accepts.') }),
    500: errorReply('Something went wrong on our side; the error has been logged.'),
  };
}

/** The upstream's document with each route's error replies and the shared ErrorReply schema. */
function withErrorReplies(document: OpenApiDocument): OpenApiDocument {
  const paths = structuredClone(document.paths);
  for (const route of Object.values(routes) as RouteDef[]) {
    const operation = paths[route.path.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
    if (operation) operation.responses = { ...errorReplies(route), ...operation.responses };
  }
  const { components = {} } = document;
  return { ...document, paths, components: { ...components, schemas: { ...components.schemas, ErrorReply: JSON.parse(JSON.stringify(ErrorReply)) } } };
}

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
// This folder from source; dist/api-docs from the bundle (dist/relay.js), where the build copies it.
const pageDir = ['.', './api-docs'].map((path) => fileURLToPath(new URL(path, import.meta.url))).find((dir) => existsSync(join(dir, 'initializer.js')))!;
const refuse = (reply: FastifyReply, status: number, code: string, error: string, message: string) =>
  reply.status(status).send({ statusCode: status, code, error, message });

export async function registerApiDocs(app: FastifyInstance, { upstream, access = 'login' }: ApiDocsOptions): Promise<void> {
  let cached: { document: OpenApiDocument; until: number } | null = null;
  const load = async (): Promise<OpenApiDocument> => {
    if (cached && cached.until > Date.now()) return cached.document;
    const response = await fetch(`${upstream.baseUrl}/docs/json`, { signal: AbortSignal.timeout(upstream.timeoutMs) });
    if (!response.ok) throw new Error(`the upstream answered ${response.status} for its OpenAPI document`);
    const document = withErrorReplies((await response.json()) as OpenApiDocument);
    cached = { document, until: Date.now() + CACHE_MS };
    return document;
  };

  // The page (index.html, initializer.js) and Swagger UI's assets: files, public, no inline script.
  app.get(API_DOCS_PREFIX, (_request, reply) => reply.redirect(`${API_DOCS_PREFIX}/`));
  await app.register(fastifyStatic, {
    root: pageDir,
    prefix: `${API_DOCS_PREFIX}/`,
    decorateReply: false,
    wildcard: false,
    index: ['index.html'],
    cacheControl: false,
    setHeaders: (reply) => reply.header('cache-control', 'no-cache'),
  });
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: `${API_DOCS_PREFIX}/static/`,
    decorateReply: false,
    allowedPath: (path) => /^\/(swagger-ui(-bundle|-standalone-preset)?\.(js|css)|favicon-(16x16|32x32)\.png)$/.test(path),
  });

  app.get(`${API_DOCS_PREFIX}/json`, async (request, reply) => {
    if (access === 'login') {
      const token = /^Token (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      let session = null;
      try {
        session = token ? await upstream.checkToken(token) : null;
      } catch (error) {
        request.log.warn({ err: error }, 'could not check a token for the API docs');
        return refuse(reply, 502, 'UPSTREAM_UNAVAILABLE', 'Bad Gateway', 'The back-office services cannot be reached; try again shortly.');
      }
      if (!session) return refuse(reply, 401, 'UNAUTHORIZED', 'Unauthorized', 'Authentication required');
    }
    try {
      return reply.header('cache-control', 'no-store').send(await load());
    } catch (error) {
      request.log.warn({ err: error }, 'could not read the upstream OpenAPI document');
      return refuse(reply, 502, 'UPSTREAM_UNAVAILABLE', 'Bad Gateway', 'The API document cannot be read from the back-office services; try again shortly.');
    }
  });
}

/** The docs as a plugin of the relay: the token check goes through the core's upstream client. */
export const apiDocsPlugin = fp<{ access: ApiDocsAccess }>((app, { access }) => registerApiDocs(app, { upstream: app.upstream, access }), {
  name: 'relay-api-docs',
  fastify: '5.x',
  dependencies: ['relay-core'],
  encapsulate: true,
});
