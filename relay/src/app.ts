import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerClientFiles } from './client-files';
import { registerApiProxy } from './proxy';
import { attachSockets, type RelayIo } from './sockets';
import { UpstreamClient } from './upstream';

export interface RelayOptions {
  upstreamUrl: string;
  clientDir: string;
  logger?: FastifyServerOptions['logger'];
}

export interface Relay {
  app: FastifyInstance;
  io: RelayIo;
  upstream: UpstreamClient;
}

/** The server in front of everything: the built client, `/api/1/*` proxied to the upstream, socket.io, health. */
export async function buildRelay({ upstreamUrl, clientDir, logger = false }: RelayOptions): Promise<Relay> {
  const app = Fastify({ logger, requestIdHeader: 'x-request-id', genReqId: () => randomUUID() });
  const upstream = new UpstreamClient(upstreamUrl);
  await registerApiProxy(app, upstreamUrl);
  await registerClientFiles(app, clientDir);
  app.get('/healthz', async () => {
    const upstreamHealth = await upstream.health();
    return { relay: 'ok', upstream: { url: upstreamUrl, ...upstreamHealth }, uptime_s: Math.round(process.uptime()) };
  });
  const io = attachSockets(app, upstream);
  return { app, io, upstream };
}
