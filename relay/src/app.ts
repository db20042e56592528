import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { scrapeRefusal, ShortRequestLog } from '@odds/ops';
import { matchRoom } from '@odds/protocol';
import { clientAddressReader } from './client-address';
import { registerClientFiles } from './client-files';
import { registerCompression } from './compression';
import { DEFAULT_LIVE_CONFIG, type LiveConfig } from './config';
import { forwardCatalogNotice, type CatalogOutlets } from './live/transport/catalog-notices';
import { Admission } from './live/transport/admission';
import { ChangeStream } from './live/polling/change-stream';
import { ServiceAccount } from './live/polling/credentials';
import { LiveHub } from './live/hub';
import { MemoryLeases, RedisLeases, type Leases } from './live/state/lease';
import { isPackable, LivePacker } from './live/transport/packing';
import { registerPlainWs, WS_CLOSE } from './live/transport/plain-ws';
import { MemoryPresence, RedisPresence } from './live/presence/presence';
import { ProviderRooms } from './live/transport/provider-rooms';
import type { PushPayload } from './live/transport/broadcast';
import { RedisStore } from './live/state/redis-store';
import { MemoryStore, type LiveStore } from './live/state/store';
import { WsRooms } from './live/transport/ws-rooms';
import { createRelayMetrics, type RelayMetrics } from './metrics';
import { registerApiDocs, type ApiDocsAccess } from './api-docs/plugin';
import { BAD_ESCAPE_MESSAGE, DEFAULT_PROXY_LIMITS, registerApiProxy, type ProxyLimits } from './proxy';
import { registerSecurity } from './security';
import { connectRedis, type RedisConnections } from './redis';
import { attachSockets, type RelayIo } from './live/transport/socket-io';
import { UpstreamClient } from './upstream';
import { UpstreamProbe, type ProbeState } from './live/polling/upstream-probe';

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
export async function buildRelay({ upstreamUrl, clientDir, logger = false, live: overrides = {}, proxy: proxyOverrides = {}, trustProxy = false, apiDocs = 'login' }: RelayOptions): Promise<Relay> {
  const config: LiveConfig = { ...DEFAULT_LIVE_CONFIG, ...overrides };
  const instanceId = randomUUID().slice(0, 8);
  // Request ids (sent on to the upstream): this instance's id and a counter, unique without a UUID per call.
  let requests = 0;
  const trust = trustProxyFor(trustProxy);
  const app = Fastify({ logger, requestIdHeader: 'x-request-id', genReqId: () => `${instanceId}-${(++requests).toString(36)}`, logController: new ShortRequestLog(),
    trustProxy: trust,
    // A path the router cannot decode (%80 in a path segment) gets the proxy's plain words, not the
    // router's echo of the path; other framework errors keep Fastify's own answer.
    frameworkErrors: (error, _request, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply;
      if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ statusCode: 400, code: 'BAD_ESCAPE', error: 'Bad Request', message: BAD_ESCAPE_MESSAGE });
      return reply.status(error.statusCode ?? 400).send(error);
    } });
  const log = app.log.child({ module: 'relay:live', instance: instanceId });
  const metrics = createRelayMetrics();
  // The change stream is held while this instance polls a match or holds a live connection (it
  // also carries revocations, which close connections of ended sessions).
  let polling = 0;
  let tracked = 0;
  const streamWanted = () => changes?.setActive(polling > 0 || tracked > 0);
  const upstream = new UpstreamClient(upstreamUrl, undefined, undefined, (count) => {
    tracked = count;
    streamWanted();
  });

  const redis: RedisConnections | null = config.redisUrl ? await connectRedis(config.redisUrl, app.log.child({ module: 'relay:redis' })) : null;
  const memoryStore = redis ? null : new MemoryStore(config.retainMs, { maxDeltas: config.maxDeltas, maxRecords: 20_000 });
  const store: LiveStore = redis
    ? new RedisStore(redis.commands, { prefix: config.redisPrefix, retainMs: config.retainMs, maxDeltas: config.maxDeltas })
    : memoryStore!;
  const leases: Leases = redis
    ? new RedisLeases(redis.commands, { prefix: config.redisPrefix, ttlMs: config.leaseTtlMs }, metrics, app.log.child({ module: 'relay:lease' }))
    : new MemoryLeases(memoryStore!);
  // Big snapshots and deltas are deflated once for every connection that gets them (live/packing.ts).
  const packer = new LivePacker(metrics);
  const wsRooms = new WsRooms(redis ? { commands: redis.commands, subscriber: redis.subscriber, prefix: config.redisPrefix } : null, app.log.child({ module: 'relay:live-ws' }), packer);

  // The socket.io server is created below (after /live registers its upgrade listener); pushes
  // only happen once sockets watch, by which time it exists.
  let io: RelayIo | null = null;
  let changes: ChangeStream | null = null;
  const hub = new LiveHub({
    store,
    leases,
    presence: redis ? new RedisPresence(redis.commands, config.redisPrefix, instanceId) : new MemoryPresence(),
    broadcaster: {
      emit(matchId, event, payload) {
        // socket.io-adapter encodes a broadcast once for the whole room; a packed one carries the
        // deflated bytes as its binary attachment, the same buffer for every socket.
        const packed = isPackable(event) ? packer.payload(event, payload as PushPayload<'snapshot' | 'delta'>) : null;
        if (packed) io?.to(matchRoom(matchId)).emit('packed', packed);
        else (io?.to(matchRoom(matchId)).emit as ((event: string, payload: unknown) => boolean) | undefined)?.(event, payload);
        wsRooms.emit(matchId, event, payload);
      },
    },
    upstream,
    ...(config.relayEmail && config.relayPassword && { credentials: new ServiceAccount(upstream, config.relayEmail, config.relayPassword) }),
    schedule: { intervalMs: config.pollIntervalMs, backoffMs: config.backoffMs, maxBackoffMs: config.maxBackoffMs, downAfter: config.downAfter },
    safetyPollMs: config.safetyPollMs,
    catchUpMs: config.catchUpMs,
    rateLimits: config.rateLimits,
    metrics,
    log,
    graceMs: config.graceMs,
    primeTimeoutMs: config.primeTimeoutMs,
    maxWatches: config.maxWatches,
    presenceRefreshMs: config.presenceRefreshMs,
    onPolling: (count) => {
      polling = count;
      streamWanted();
    },
    // The probe is made below, before any socket can watch.
    upstreamDown: () => probe.last.status === 'down',
  });
  // Provider-wide data: each instance reads the change stream, so it sends to its own sockets only.
  const providerRooms = new ProviderRooms({
    upstream,
    emitLocal: (room, event, payload) => void io?.local.to(room).emit(event, payload),
    resyncLocal: () => void io?.local.emit('providerResync', { at: new Date().toISOString() }),
    log: app.log.child({ module: 'relay:provider' }),
  });
  // Header changes go to consoles only: a wall display shows no connector, and is told no operator's name.
  const catalogOutlets: CatalogOutlets = {
    toMatch: (matchId, payload) => {
      const sockets = io?.of('/').sockets;
      for (const id of io?.of('/').adapter.rooms.get(matchRoom(matchId)) ?? []) {
        const socket = sockets?.get(id);
        if (socket && !socket.data.display) socket.emit('matchChanged', payload);
      }
    },
    // Rare (a provider toggle): every socket of this instance.
    toConsoles: (payload) => {
      for (const socket of io?.of('/').sockets.values() ?? []) if (!socket.data.display) socket.emit('catalogChanged', payload);
    },
  };
  let streamedBefore = false;
  if (config.changeStream) {
    changes = new ChangeStream({
      baseUrl: upstreamUrl,
      // Without a service account and with nobody watching, any open connection's token will do.
      credentials: {
        kind: hub.credentials.kind,
        token: (matchId) => hub.credentials.token(matchId).catch((error: unknown) => upstream.revocations.trackedTokens().find((t) => !upstream.revocations.isRevoked(t)) ?? Promise.reject(error)),
        readsOperatorTables: (matchId) => hub.credentials.readsOperatorTables(matchId),
        rejected: (token) => hub.credentials.rejected(token),
      },
      onNotice: (notice) => {
        if (notice.revoked_tokens?.length) {
          const closed = upstream.revoke(notice.revoked_tokens, notice.revoked_reason);
          if (closed) log.info({ closed }, 'closed the live connections of ended sessions');
        }
        if (notice.match_id > 0) hub.changed(notice.match_id, notice.topics, notice.reset, notice);
        if (notice.provider_id !== undefined) providerRooms.notice(notice);
        // A match's connector or a provider changed: match headers and provider selectors read them again.
        if (notice.entities?.length) forwardCatalogNotice(notice, catalogOutlets);
        // A stalled feed is an alarm every console and wall shows (match page banner, wall panel, Feed health).
        if (notice.feed_health) io?.local.emit('feedHealth', notice.feed_health);
      },
      onConnected: () => {
        hub.streaming(true);
        // Back after a gap: provider-wide notices of the gap may be lost (match topics are read again by the hub).
        if (streamedBefore) providerRooms.resync();
        streamedBefore = true;
        // Revocations may have been missed while the stream was away.
        void upstream.recheckOpenTokens().then((closed) => closed && log.info({ closed }, 'closed the live connections of sessions ended meanwhile'));
      },
      onDisconnected: () => hub.streaming(false),
      metrics,
      log: app.log.child({ module: 'relay:changes' }),
    });
  }
  log.info({ store: store.kind, credentials: hub.credentials.kind, changeStream: config.changeStream, pollIntervalMs: config.pollIntervalMs }, 'live path ready');

  await registerSecurity(app);
  await registerCompression(app);
  await registerApiProxy(app, upstreamUrl, { ...DEFAULT_PROXY_LIMITS, ...proxyOverrides }, {
    // A logout through this relay ends the session's live connections here at once (other
    // instances learn it from the change stream).
    loggedOut: (token) => {
      const closed = upstream.revocations.revokeToken(token);
      upstream.forgetToken(token);
      if (closed) log.info({ closed }, 'logout: closed the session\'s live connections');
    },
  });
  // One admission for both transports: caps and handshake rates count socket.io and /live together.
  const admission = new Admission(config.admission);
  const liveSockets = await registerPlainWs(app, { upstream, hub, rooms: wsRooms, metrics, admission, packer });
  await registerClientFiles(app, clientDir);
  // The API's docs at /api/docs (API_DOCS: behind a login by default).
  await registerApiDocs(app, { upstream, access: apiDocs });

  // A hung upstream is noticed by a probe of its own (not by traffic), and the rooms of the matches
  // watched here are told at once; back, they get their pollers' status again.
  const announceUpstream = async (state: ProbeState) => {
    const matchIds = [...(io?.of('/').adapter.rooms.keys() ?? [])].map((room) => /^match:(\d+)$/.exec(room)?.[1]).filter(Boolean).map(Number);
    for (const matchId of matchIds) {
      const stored = state === 'ok' ? await store.status(matchId).catch(() => null) : null;
      const lastOkAt = probe.last.lastOkAt;
      const payload = stored ?? { matchId, upstream: state, lastSuccessAt: lastOkAt === null ? null : new Date(lastOkAt).toISOString() };
      (io?.local.to(matchRoom(matchId)).emit as ((event: string, payload: unknown) => boolean) | undefined)?.('status', payload);
      wsRooms.emit(matchId, 'status', payload);
    }
  };
  const probe = new UpstreamProbe({
    check: (timeoutMs) => upstream.health(timeoutMs),
    onChange: (state) => void announceUpstream(state),
    log: app.log.child({ module: 'relay:probe' }),
    intervalMs: config.probeIntervalMs,
  });
  probe.start();

  app.get('/healthz', async () => {
    // Within a second whatever the upstream does: a short check of its own, and the probe's verdict.
    const fresh = await upstream.health(800);
    const upstreamHealth = { status: fresh.status === 'down' || probe.last.status === 'down' ? 'down' as const : 'ok' as const, latency_ms: fresh.latency_ms };
    const redisHealth = redis ? await redis.commands.ping().then(() => 'ok', (error: Error) => {
      log.warn({ err: error }, 'redis ping failed');
      return 'down';
    }) : undefined;
    // Public: reachability only, never the upstream's address or a low-level error text.
    return {
      relay: 'ok',
      upstream: { status: upstreamHealth.status, latency_ms: upstreamHealth.latency_ms },
      live: { ...hub.stats(), store: store.kind, change_stream: changes?.connected ?? false, ...(redisHealth && { redis: redisHealth }) },
      uptime_s: Math.round(process.uptime()),
    };
  });
  // Readiness: 503 while a dependency this relay needs does not answer (the upstream and its
  // database; Redis when configured), so a load balancer drains it; /healthz stays liveness.
  app.get('/readyz', async (_request, reply) => {
    const [upstreamReady, redisReady] = await Promise.all([
      upstream.ready(),
      redis ? withTimeout(redis.commands.ping().then(() => true, () => false), 2_000) : Promise.resolve(true),
    ]);
    const checks = { upstream: upstreamReady ? 'ok' : 'down', ...(redis && { redis: redisReady ? 'ok' : 'down' }) };
    const ready = upstreamReady && redisReady;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
  // With METRICS_TOKEN: that bearer token, from anywhere. Without: loopback peers only (the socket's
  // own address, never X-Forwarded-For), so a relay exposed to a network does not publish them.
  app.get('/metrics', async (request, reply) => {
    const refusal = scrapeRefusal(request.headers.authorization, request.socket.remoteAddress, { token: config.metricsToken });
    if (refusal) return reply.status(refusal.status).send(refusal.body);
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  // @fastify/websocket routes every upgrade through Fastify, which would answer 404 to socket.io's
  // own: its listener (registered above) skips /socket.io/, and socket.io leaves the rest alone.
  skipSocketIoUpgrades(app.server);
  io = attachSockets(app, upstream, hub, metrics, providerRooms, { admission, addressOf: clientAddressReader(trust), packer });
  if (redis) io.adapter(createShardedAdapter(redis.commands, redis.subscriber, { channelPrefix: `${config.redisPrefix}sio`, subscriptionMode: 'dynamic' }));

  // Graceful shutdown: stop polling and give leases up first (another instance takes over at
  // once), then close every live connection cleanly so clients reconnect elsewhere.
  app.addHook('preClose', async () => {
    probe.stop();
    await changes?.close();
    await hub.close();
    for (const socket of liveSockets) socket.close(WS_CLOSE.restarting, 'Relay restarting');
    io?.engine.close();
  });
  app.addHook('onClose', async () => {
    await io?.close();
    await store.close();
    await leases.close();
    await upstream.close();
    await redis?.close();
  });
  return { app, io, upstream, hub, metrics, instanceId };
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

function skipSocketIoUpgrades(server: FastifyInstance['server']): void {
  for (const listener of server.listeners('upgrade') as ((req: IncomingMessage, socket: Duplex, head: Buffer) => void)[]) {
    server.removeListener('upgrade', listener);
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (req.url?.startsWith('/socket.io/')) return;
      listener.call(server, req, socket, head);
    });
  }
}

/** `promise`, or false when it has not settled within `ms` (a Redis command queued while reconnecting). */
function withTimeout(promise: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), ms); })])
    .finally(() => clearTimeout(timer));
}
