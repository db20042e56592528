import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { matchRoom } from '@odds/protocol';
import { registerClientFiles } from './client-files';
import { registerCompression } from './compression';
import { DEFAULT_LIVE_CONFIG, type LiveConfig } from './config';
import { ChangeStream } from './live/change-stream';
import { ServiceAccount } from './live/credentials';
import { LiveHub } from './live/hub';
import { MemoryLeases, RedisLeases, type Leases } from './live/lease';
import { registerPlainWs, WS_CLOSE } from './live/plain-ws';
import { MemoryPresence, RedisPresence } from './live/presence';
import { RedisStore } from './live/redis-store';
import { MemoryStore, type LiveStore } from './live/store';
import { WsRooms } from './live/ws-rooms';
import { createRelayMetrics, PROMETHEUS_CONTENT_TYPE, type RelayMetrics } from './metrics';
import { registerApiProxy } from './proxy';
import { connectRedis, type RedisConnections } from './redis';
import { attachSockets, type RelayIo } from './sockets';
import { UpstreamClient } from './upstream';

export interface RelayOptions {
  upstreamUrl: string;
  clientDir: string;
  logger?: FastifyServerOptions['logger'];
  /** The live path's settings over DEFAULT_LIVE_CONFIG (REDIS_URL and friends come in through here). */
  live?: Partial<LiveConfig>;
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
export async function buildRelay({ upstreamUrl, clientDir, logger = false, live: overrides = {} }: RelayOptions): Promise<Relay> {
  const config: LiveConfig = { ...DEFAULT_LIVE_CONFIG, ...overrides };
  const app = Fastify({ logger, requestIdHeader: 'x-request-id', genReqId: () => randomUUID() });
  const instanceId = randomUUID().slice(0, 8);
  const log = app.log.child({ module: 'relay:live', instance: instanceId });
  const metrics = createRelayMetrics();
  const upstream = new UpstreamClient(upstreamUrl);

  const redis: RedisConnections | null = config.redisUrl ? await connectRedis(config.redisUrl, app.log.child({ module: 'relay:redis' })) : null;
  const memoryStore = redis ? null : new MemoryStore(config.retainMs, { maxDeltas: config.maxDeltas, maxRecords: 20_000 });
  const store: LiveStore = redis
    ? new RedisStore(redis.commands, { prefix: config.redisPrefix, retainMs: config.retainMs, maxDeltas: config.maxDeltas })
    : memoryStore!;
  const leases: Leases = redis
    ? new RedisLeases(redis.commands, { prefix: config.redisPrefix, ttlMs: config.leaseTtlMs }, metrics, app.log.child({ module: 'relay:lease' }))
    : new MemoryLeases(memoryStore!);
  const wsRooms = new WsRooms(redis ? { commands: redis.commands, subscriber: redis.subscriber, prefix: config.redisPrefix } : null, app.log.child({ module: 'relay:live-ws' }));

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
        (io?.to(matchRoom(matchId)).emit as ((event: string, payload: unknown) => boolean) | undefined)?.(event, payload);
        wsRooms.emit(matchId, event, payload);
      },
    },
    upstream,
    ...(config.relayEmail && config.relayPassword && { credentials: new ServiceAccount(upstream, config.relayEmail, config.relayPassword) }),
    schedule: { intervalMs: config.pollIntervalMs, backoffMs: config.backoffMs, maxBackoffMs: config.maxBackoffMs, downAfter: config.downAfter },
    safetyPollMs: config.safetyPollMs,
    rateLimits: config.rateLimits,
    metrics,
    log,
    graceMs: config.graceMs,
    primeTimeoutMs: config.primeTimeoutMs,
    maxWatches: config.maxWatches,
    presenceRefreshMs: config.presenceRefreshMs,
    onPolling: (count) => changes?.setActive(count > 0),
  });
  if (config.changeStream) {
    changes = new ChangeStream({
      baseUrl: upstreamUrl,
      credentials: hub.credentials,
      onNotice: (notice) => hub.changed(notice.match_id, notice.topics, notice.reset, notice),
      onConnected: () => hub.streaming(true),
      onDisconnected: () => hub.streaming(false),
      metrics,
      log: app.log.child({ module: 'relay:changes' }),
    });
  }
  log.info({ store: store.kind, credentials: hub.credentials.kind, changeStream: config.changeStream, pollIntervalMs: config.pollIntervalMs }, 'live path ready');

  await registerCompression(app);
  await registerApiProxy(app, upstreamUrl);
  const liveSockets = await registerPlainWs(app, { upstream, hub, rooms: wsRooms, metrics });
  await registerClientFiles(app, clientDir);

  app.get('/healthz', async () => {
    const upstreamHealth = await upstream.health();
    const redisHealth = redis ? await redis.commands.ping().then(() => 'ok', (error: Error) => `down: ${error.message}`) : undefined;
    return {
      relay: 'ok',
      upstream: { url: upstreamUrl, ...upstreamHealth },
      live: { ...hub.stats(), store: store.kind, change_stream: changes?.connected ?? false, ...(redisHealth && { redis: redisHealth }) },
      uptime_s: Math.round(process.uptime()),
    };
  });
  app.get('/metrics', async (request, reply) => {
    if (config.metricsToken && request.headers.authorization !== `Bearer ${config.metricsToken}`) {
      return reply.status(401).send({ statusCode: 401, code: 'UNAUTHORIZED', error: 'Unauthorized', message: 'Authentication required' });
    }
    return reply.type(PROMETHEUS_CONTENT_TYPE).send(metrics.registry.render());
  });

  // @fastify/websocket routes every upgrade through Fastify, which would answer 404 to socket.io's
  // own: its listener (registered above) skips /socket.io/, and socket.io leaves the rest alone.
  skipSocketIoUpgrades(app.server);
  io = attachSockets(app, upstream, hub, metrics);
  if (redis) io.adapter(createShardedAdapter(redis.commands, redis.subscriber, { channelPrefix: `${config.redisPrefix}sio`, subscriptionMode: 'dynamic' }));

  // Graceful shutdown: stop polling and give leases up first (another instance takes over at
  // once), then close every live connection cleanly so clients reconnect elsewhere.
  app.addHook('preClose', async () => {
    await changes?.close();
    await hub.close();
    for (const socket of liveSockets) socket.close(WS_CLOSE.restarting, 'Relay restarting');
    io?.engine.close();
  });
  app.addHook('onClose', async () => {
    await io?.close();
    await store.close();
    await leases.close();
    await redis?.close();
  });
  return { app, io, upstream, hub, metrics, instanceId };
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
