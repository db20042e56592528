import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Replies smaller than this go out as they are: compressing them saves less than it costs. */
const COMPRESS_THRESHOLD = 1024;

/** Text, JSON, JavaScript and SVG; never a server-sent event stream (compression would hold its events back). */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)(?:text|xml)(?:;|$)|^application\/javascript|^image\/svg\+xml/u;

/**
 * Compresses the relay's replies when the client accepts it (brotli, else gzip): API replies
 * proxied from the upstream and anything else the relay answers, above COMPRESS_THRESHOLD. The
 * built client's files are compressed at build time and served as they are (@fastify/static
 * `preCompressed`, which sets Content-Encoding itself, so they are not compressed twice).
 * Register before the routes: hooks bind to routes registered after them.
 */
async function registerCompression(app: FastifyInstance): Promise<void> {
  // A proxied reply is a stream, which @fastify/compress compresses whatever its size: look at
  // the upstream's Content-Length first and leave small ones alone.
  app.addHook('onSend', (request, reply, payload, done) => {
    const length = Number(reply.getHeader('content-length'));
    if (Number.isFinite(length) && length < COMPRESS_THRESHOLD && typeof (payload as { pipe?: unknown } | null)?.pipe === 'function') {
      request.headers['x-no-compression'] = '1';
    }
    done(null, payload);
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}

/** On the root (fastify-plugin): compresses the replies of every plugin. */
export const compressionPlugin = fp(registerCompression, { name: 'relay-compression', fastify: '5.x' });
