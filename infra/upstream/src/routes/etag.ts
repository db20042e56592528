import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Conditional GETs for the routes of the calling module (hooks stay inside its plugin): a 200 JSON
 * reply carries an ETag (a hash of its body), and a request whose If-None-Match names it gets 304
 * with no body. The relay's pollers send their last ETag back, so an unchanged topic costs a few
 * bytes on the wire instead of the whole list.
 */
export function conditionalGets(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    const wanted = request.headers['if-none-match'];
    if (!wanted?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return payload;
    reply.code(304).removeHeader('content-type');
    return '';
  });
}
