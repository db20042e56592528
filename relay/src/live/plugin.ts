import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { holdStreamWhileNeeded, liveChangeStream } from './change-notices';
import { LiveHub, type LiveHubOptions } from './hub';
import { announceUpstream, type IoRef } from './outlets';
import type { ChangeStream } from './polling/change-stream';
import { ServiceAccount } from './polling/credentials';
import { UpstreamProbe } from './polling/upstream-probe';
import { MemoryPresence, RedisPresence } from './presence/presence';
import { MemoryLeases, RedisLeases, type Leases } from './state/lease';
import { RedisStore } from './state/redis-store';
import { MemoryStore, type LiveStore } from './state/store';
import { Admission } from './transport/admission';
import { LivePacker } from './transport/packing';
import { registerPlainWs, WS_CLOSE, type PlainWs } from './transport/plain-ws';
import { ProviderRooms } from './transport/provider-rooms';
import { roomBroadcaster } from './transport/room-broadcaster';
import { attachSockets, type RelayIo, type SocketAdmission } from './transport/socket-io';
import { WsRooms } from './transport/ws-rooms';

/** The live path as the other plugins see it (ops reports on it, tests reach in). */
interface LivePath {
  hub: LiveHub;
  io: RelayIo;
  store: LiveStore;
  probe: UpstreamProbe;
  /** Whether the upstream's change stream is connected (false when it is off). */
  streaming(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LivePath;
  }
}

export interface LiveOptions {
  /** The client's address of a handshake (TRUST_PROXY applied, as for REST calls). */
  addressOf(request: IncomingMessage): string;
}

/**
 * The live path: the hub and its pollers, the live state (memory or Redis), presence, the change
 * stream, the upstream probe, and both transports (socket.io and `/live`) with one admission.
 */
export const livePlugin = fp<LiveOptions>(
  async (app, { addressOf }) => {
    const { liveConfig: config, upstream, relayMetrics: metrics } = app;
    const log = app.log.child({ module: 'relay:live', instance: app.instanceId });
    const { store, leases } = liveState(app);
    // Big snapshots and deltas are deflated once for every connection that gets them (transport/packing.ts).
    const packer = new LivePacker(metrics);
    const wsRooms = new WsRooms(
      app.redis ? { commands: app.redis.commands, subscriber: app.redis.subscriber, prefix: config.redisPrefix } : null,
      app.log.child({ module: 'relay:live-ws' }),
      packer,
    );

    // The socket.io server is created below (after /live registers its upgrade listener); pushes
    // only happen once sockets watch, by which time it exists.
    const ioRef: IoRef = { io: null };
    // Both made below: the change stream after the hub it tells, /live after the change stream's
    // handler that tells its sessions of access changes.
    let changes: ChangeStream | null = null;
    let plainWs: PlainWs | null = null;
    const onPolling = holdStreamWhileNeeded(app.trackedTokens, () => changes);
    const hub = liveHub(app, {
      store,
      leases,
      ioRef,
      wsRooms,
      packer,
      log,
      onPolling,
      // The probe is made below, before any socket can watch.
      upstreamDown: () => probe.last.status === 'down',
    });
    const providerRooms = localProviderRooms(app, ioRef);
    if (config.changeStream) changes = liveChangeStream(app, { hub, providerRooms, ioRef, log, plainSessions: () => plainWs?.sessions });
    log.info(
      { store: store.kind, credentials: hub.credentials.kind, changeStream: config.changeStream, pollIntervalMs: config.pollIntervalMs },
      'live path ready',
    );

    // One admission for both transports: caps and handshake rates count socket.io and /live together.
    const admission = new Admission(config.admission);
    plainWs = await registerPlainWs(app, { upstream, hub, rooms: wsRooms, metrics, admission, packer });
    const probe = startProbe(app, ioRef, store, wsRooms);
    const io = attachSocketIo(app, { hub, providerRooms, admission, addressOf, packer });
    ioRef.io = io;
    app.decorate('live', { hub, io, store, probe, streaming: () => changes?.connected ?? false });
    closeOnShutdown(app, { probe, changes, hub, plainWs, io, store, leases });
  },
  { name: 'relay-live', fastify: '5.x', dependencies: ['relay-core'] },
);

/** The live state and the pollers' leases: in Redis when it is configured (shared by every instance), else in memory. */
function liveState({ liveConfig: config, redis, relayMetrics: metrics, log }: FastifyInstance): { store: LiveStore; leases: Leases } {
  const memoryStore = redis ? null : new MemoryStore(config.retainMs, { maxDeltas: config.maxDeltas, maxRecords: 20_000 });
  const store: LiveStore = redis
    ? new RedisStore(redis.commands, { prefix: config.redisPrefix, retainMs: config.retainMs, maxDeltas: config.maxDeltas })
    : memoryStore!;
  const leases: Leases = redis
    ? new RedisLeases(redis.commands, { prefix: config.redisPrefix, ttlMs: config.leaseTtlMs }, metrics, log.child({ module: 'relay:lease' }))
    : new MemoryLeases(memoryStore!);
  return { store, leases };
}

/** The hub with the relay's settings: presence beside the live state, the service account when one is configured. */
function liveHub(
  { liveConfig: config, redis, instanceId, upstream, relayMetrics: metrics }: FastifyInstance,
  deps: Pick<LiveHubOptions, 'store' | 'leases' | 'log' | 'onPolling' | 'upstreamDown'> & { ioRef: IoRef; wsRooms: WsRooms; packer: LivePacker },
): LiveHub {
  const { store, leases, ioRef, wsRooms, packer, log, onPolling, upstreamDown } = deps;
  return new LiveHub({
    store,
    leases,
    presence: redis ? new RedisPresence(redis.commands, config.redisPrefix, instanceId) : new MemoryPresence(),
    broadcaster: roomBroadcaster(() => ioRef.io, wsRooms, packer),
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
    onPolling,
    upstreamDown,
  });
}

/** Provider-wide data: each instance reads the change stream, so it sends to its own sockets only. */
function localProviderRooms(app: FastifyInstance, ioRef: IoRef): ProviderRooms {
  return new ProviderRooms({
    upstream: app.upstream,
    emitLocal: (room, event, payload) => void ioRef.io?.local.to(room).emit(event, payload),
    resyncLocal: () => void ioRef.io?.local.emit('providerResync', { at: new Date().toISOString() }),
    log: app.log.child({ module: 'relay:provider' }),
  });
}

/**
 * A hung upstream is noticed by a probe of its own (not by traffic), and the rooms of the matches
 * watched here are told at once; back, they get their pollers' status again.
 */
function startProbe(app: FastifyInstance, ioRef: IoRef, store: LiveStore, wsRooms: WsRooms): UpstreamProbe {
  const probe: UpstreamProbe = new UpstreamProbe({
    check: (timeoutMs) => app.upstream.health(timeoutMs),
    onChange: (state) => void announceUpstream(ioRef, { store, wsRooms, lastOkAt: () => probe.last.lastOkAt }, state),
    log: app.log.child({ module: 'relay:probe' }),
    intervalMs: app.liveConfig.probeIntervalMs,
    // A busy upstream answering its pollers slowly is not a down one.
    lastAnswerAt: () => app.upstream.lastAnswerAt,
  });
  probe.start();
  return probe;
}

/** socket.io on the relay's server, beside /live (registered first), sharded over Redis when it is configured. */
function attachSocketIo(app: FastifyInstance, deps: { hub: LiveHub; providerRooms: ProviderRooms } & SocketAdmission): RelayIo {
  const { hub, providerRooms, ...admission } = deps;
  // @fastify/websocket routes every upgrade through Fastify, which would answer 404 to socket.io's
  // own: its listener (registered above) skips /socket.io/, and socket.io leaves the rest alone.
  skipSocketIoUpgrades(app.server);
  const io = attachSockets(app, app.upstream, hub, app.relayMetrics, providerRooms, admission);
  const { redis, liveConfig: config } = app;
  if (redis) io.adapter(createShardedAdapter(redis.commands, redis.subscriber, { channelPrefix: `${config.redisPrefix}sio`, subscriptionMode: 'dynamic' }));
  return io;
}

/**
 * Graceful shutdown: stop polling and give leases up first (another instance takes over at
 * once), then close every live connection cleanly so clients reconnect elsewhere.
 */
function closeOnShutdown(
  app: FastifyInstance,
  parts: { probe: UpstreamProbe; changes: ChangeStream | null; hub: LiveHub; plainWs: PlainWs; io: RelayIo; store: LiveStore; leases: Leases },
): void {
  const { probe, changes, hub, plainWs, io, store, leases } = parts;
  app.addHook('preClose', async () => {
    probe.stop();
    await changes?.close();
    await hub.close();
    for (const socket of plainWs.sockets) socket.close(WS_CLOSE.restarting, 'Relay restarting');
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await io.close();
    await store.close();
    await leases.close();
  });
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
