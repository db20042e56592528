import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** Where the docs page lives; http/auth.ts lets it (and its assets and JSON) through without a token. */
const DOCS_PREFIX = '/docs';

/**
 * The OpenAPI document and its docs page, generated from the schemas each route registers (the
 * protocol's, through `implement()`), so the docs cannot drift from what the services validate.
 * Registered on the root instance before any route: @fastify/swagger learns routes as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Odds console back-office services',
        version: '1',
        description:
          'Auth, event store, content (cms) and control services of the odds console, under /api/1/. ' +
          'Log in with POST /api/1/authenticate, then send its token as `Authorization: Token <token>`.',
      },
      tags: [
        { name: 'auth', description: 'Log in, session check, log out' },
        { name: 'event store', description: 'Stat events, event types, stats queries' },
        { name: 'content', description: 'Content items, groups, match content, compiler' },
        { name: 'control', description: 'Providers, leagues, matches, markets, contacts, thresholds, trackers' },
        { name: 'engine', description: 'Live engine: feed, offers, deliveries, reports' },
      ],
      components: {
        securitySchemes: {
          Token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The word Token, a space, and the token POST /api/1/authenticate returned: `Token abc...`.',
          },
        },
      },
      security: [{ Token: [] }],
    },
    // Public routes (authenticate, health) need no token: say so per operation.
    transform: ({ schema, url, route }) =>
      route.config && (route.config as { public?: boolean }).public ? { schema: { ...schema, security: [] } as typeof schema, url } : { schema, url },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'none', deepLinking: true } });
}
