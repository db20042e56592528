import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { ShortRequestLog } from '@odds/ops';
import { apiDocsPlugin, type ApiDocsAccess } from './api-docs/plugin';
import { clientAddressReader } from './client-address';
import { clientFilesPlugin } from './client-files';
import { compressionPlugin } from './compression';
import { DEFAULT_LIVE_CONFIG, type LiveConfig } from './config';
import { relayCore } from './core';
import type { LiveHub } from './live/hub';
import { livePlugin } from './live/plugin';
import type { RelayIo } from './live/transport/socket-io';
import type { RelayMetrics } from './metrics';
import { opsPlugin } from './ops';
import { BAD_ESCAPE_MESSAGE, DEFAULT_PROXY_LIMITS, proxyPlugin, type ProxyLimits } from './proxy';
import { securityPlugin } from './security';
import type { UpstreamClient } from './upstream';

export interface RelayOptions {
  upstreamUrl: string;
  clientDir: string;
  logger?: FastifyServerOptions['logger'];
  /** The live path's settings over DEFAULT_LIVE_CONFIG (REDIS_URL and friends come in through here). */
  live?: Partial<LiveConfig>;
  /** Body limits and upstream timeouts of the proxy over DEFAULT_PROXY_LIMITS. */
  proxy?: Partial<ProxyLimits>;
  /** Fastify's trustProxy (TRUST_PROXY): read client address and protocol from X-Forwarded-*. */
  trustProxy?: boolean | number | string;
  /** API_DOCS: whether the API document needs a login (the default) or is public. */
  apiDocs?: ApiDocsAccess;
}

export interface Relay {
  app: FastifyInstance;
  io: RelayIo;
  upstream: UpstreamClient;
  hub: LiveHub;
  metrics: RelayMetrics;
  /** Distinguishes instances in logs and presence. */
  instanceId: string;
}

/**
 * The server in front of everything: the built client, `/api/1/*` proxied to the upstream, the
 * live path (socket.io and `/live`, pollers, Redis scale-out when configured), health and metrics.
 */
/**
 * The server in front of everything, as a tree of Fastify plugins:
 *
 *   root (request ids, the bad-escape answer of the router)
 *   ├─ relay-security, relay-compression   every reply (root hooks, fastify-plugin)
 *   ├─ relay-core        upstream client, metrics, Redis (decorators: upstream, relayMetrics, redis, …)
 *   ├─ relay-proxy       /api/1/* to the upstream (encapsulated: own body parser and error handler)
 *   ├─ relay-live        hub, pollers, live state, socket.io and /live (decorator: live)
 *   ├─ relay-client-files  the built client, and the not-found answer of every other path
 *   ├─ relay-api-docs    /api/docs (encapsulated)
 *   └─ relay-ops         /healthz, /readyz, /metrics (encapsulated)
 *
 * Each plugin names the ones it needs (fastify-plugin `dependencies`); closing runs the other way
 * (the live path's hooks before the core's connections close).
 */
export async function buildRelay({
  upstreamUrl,
  clientDir,
  logger = false,
  live: overrides = {},
  proxy: proxyOverrides = {},
  trustProxy = false,
  apiDocs = 'login',
}: RelayOptions): Promise<Relay> {
  const instanceId = randomUUID().slice(0, 8);
  // Request ids (sent on to the upstream): this instance's id and a counter, unique without a UUID per call.
  let requests = 0;
  const trust = trustProxyFor(trustProxy);
  const app = Fastify({
    logger,
    requestIdHeader: 'x-request-id',
    genReqId: () => `${instanceId}-${(++requests).toString(36)}`,
    logController: new ShortRequestLog(),
    trustProxy: trust,
    // A path the router cannot decode (%80 in a path segment) gets the proxy's plain words, not the
    // router's echo of the path; other framework errors keep Fastify's own answer.
    frameworkErrors: (error, _request, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply;
      if (error.code === 'FST_ERR_BAD_URL')
        return reply.status(400).send({ statusCode: 400, code: 'BAD_ESCAPE', error: 'Bad Request', message: BAD_ESCAPE_MESSAGE });
      return reply.status(error.statusCode ?? 400).send(error);
    },
  });

  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(relayCore, { upstreamUrl, instanceId, live: { ...DEFAULT_LIVE_CONFIG, ...overrides } });
  await app.register(proxyPlugin, { limits: { ...DEFAULT_PROXY_LIMITS, ...proxyOverrides } });
  await app.register(livePlugin, { addressOf: clientAddressReader(trust) });
  await app.register(clientFilesPlugin, { clientDir });
  await app.register(apiDocsPlugin, { access: apiDocs });
  await app.register(opsPlugin);
  return { app, io: app.live.io, upstream: app.upstream, hub: app.live.hub, metrics: app.relayMetrics, instanceId };
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes a function (Fastify 5.12 ignores a plain
 * number: no proxy was trusted): the `hops` addresses nearest the relay (the socket's peer and the
 * proxies' own entries at the end of X-Forwarded-For) are proxies, the next one is the client, and
 * whatever a client wrote further left is ignored.
 */
export function trustProxyFor(option: boolean | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof option !== 'number') return option;
  const hops = option;
  return (_address, hop) => hop < hops;
}
