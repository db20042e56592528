import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built client. Any other GET that wants HTML gets index.html, so deep links such as
 * /match/12/thresholds load the app and its router takes over.
 */
async function registerClientFiles(app: FastifyInstance, { clientDir }: { clientDir: string }): Promise<void> {
  const built = existsSync(join(clientDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: ['index.html'],
      // The build writes a .br and a .gz beside each text file (client/vite.config.ts): sent as
      // they are to a browser that accepts them, with Content-Encoding and Vary set.
      preCompressed: true,
      // Vite names built assets by content hash: cache them for good, but always revalidate the page.
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ clientDir }, 'client is not built; run `npm run build` (npm start does it for you)');
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) {
      return reply
        .status(404)
        .send({ statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: `No such path: ${request.method} ${request.url.split('?')[0]}` });
    }
    if (!built) return reply.status(503).type('text/plain').send('The console is not built yet: run `npm run build`.');
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}

/** On the root (fastify-plugin): its not-found handler answers every path no other plugin owns. */
export const clientFilesPlugin = fp(registerClientFiles, { name: 'relay-client-files', fastify: '5.x' });
