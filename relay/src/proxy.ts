import proxy from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';

/**
 * Forwards `/api/1/*` (and nothing else) to the configured upstream, passing the request id on so
 * one call can be followed through both logs. The upstream checks the token.
 */
export async function registerApiProxy(app: FastifyInstance, upstreamUrl: string): Promise<void> {
  await app.register(proxy, {
    upstream: upstreamUrl,
    prefix: '/api/1',
    rewritePrefix: '/api/1',
    // Its two info lines per call (fetching, received): the relay's request line says it (ShortRequestLog).
    disableRequestLogging: true,
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => ({ ...headers, 'x-request-id': String(request.id) }),
    },
  });
}
