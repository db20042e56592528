import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LiveHub } from './hub';
import { announceUpstream, catalogOutlets, feedHealthOutlet, type IoRef } from './outlets';
import { ChangeStream } from './polling/change-stream';
import { ServiceAccount } from './polling/credentials';
import { UpstreamProbe } from './polling/upstream-probe';
import { MemoryPresence, RedisPresence } from './presence/presence';
import { MemoryLeases, RedisLeases, type Leases } from './state/lease';
import { RedisStore } from './state/redis-store';
import { MemoryStore, type LiveStore } from './state/store';
import { applyAccessChanges } from './transport/access-changes';
import { forwardCatalogNotice } from './transport/catalog-notices';
import { Admission } from './transport/admission';
import { LivePacker } from './transport/packing';
import { registerPlainWs, WS_CLOSE, type PlainWs } from './transport/plain-ws';
import { ProviderRooms } from './transport/provider-rooms';
import { roomBroadcaster } from './transport/room-broadcaster';
import { attachSockets, type RelayIo } from './transport/socket-io';
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
    const { liveConfig: config, upstream, relayMetrics: metrics, redis, instanceId, trackedTokens } = app;
    const log = app.log.child({ module: 'relay:live', instance: instanceId });

    const memoryStore = redis ? null : new MemoryStore(config.retainMs, { maxDeltas: config.maxDeltas, maxRecords: 20_000 });
    const store: LiveStore = redis
      ? new RedisStore(redis.commands, { prefix: config.redisPrefix, retainMs: config.retainMs, maxDeltas: config.maxDeltas })
      : memoryStore!;
    const leases: Leases = redis
      ? new RedisLeases(redis.commands, { prefix: config.redisPrefix, ttlMs: config.leaseTtlMs }, metrics, app.log.child({ module: 'relay:lease' }))
      : new MemoryLeases(memoryStore!);
    // Big snapshots and deltas are deflated once for every connection that gets them (transport/packing.ts).
    const packer = new LivePacker(metrics);
    const wsRooms = new WsRooms(
      redis ? { commands: redis.commands, subscriber: redis.subscriber, prefix: config.redisPrefix } : null,
      app.log.child({ module: 'relay:live-ws' }),
      packer,
    );

    // The socket.io server is created below (after /live registers its upgrade listener); pushes
    // only happen once sockets watch, by which time it exists.
    const ioRef: IoRef = { io: null };
    // The change stream is held while this instance polls a match or holds a live connection (it
    // also carries revocations, which close connections of ended sessions).
    let polling = 0;
    let changes: ChangeStream | null = null;
    // Made below, after the change stream's handler that tells its sessions of access changes.
    let plainWs: PlainWs | null = null;
    const streamWanted = () => changes?.setActive(polling > 0 || trackedTokens.count > 0);
    trackedTokens.onChange = streamWanted;

    const hub = new LiveHub({
      store,
      leases,
      presence: redis ? new RedisPresence(redis.commands, config.redisPrefix, instanceId) : new MemoryPresence(),
      broadcaster: roomBroadcaster(() => ioRef.io, wsRooms, packer),
      upstream,
      ...(config.relayEmail && config.relayPassword && { credentials: new ServiceAccount(upstream, config.relayEmail, config.relayPassword) }),
      schedule: { intervalMs: config.pollIntervalMs, backoffMs: config.backoffMs, maxBackoffMs: config.maxBackoffMs, downAfter: config.downAfter },
      safetyPollMs: config.safetyPollMs,
      catchUpMs: config.catchUpMs,
      crossMatchWindowMs: config.crossMatchWindowMs,
      carriedOffers: config.carriedOffers,
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
      emitLocal: (room, event, payload) => void ioRef.io?.local.to(room).emit(event, payload),
      resyncLocal: () => void ioRef.io?.local.emit('providerResync', { at: new Date().toISOString() }),
      log: app.log.child({ module: 'relay:provider' }),
    });
    const outlets = catalogOutlets(ioRef);
    let streamedBefore = false;
    if (config.changeStream) {
      changes = new ChangeStream({
        baseUrl: upstream.baseUrl,
        // Without a service account and with nobody watching, any open connection's token will do.
        credentials: {
          kind: hub.credentials.kind,
          token: (matchId) =>
            hub.credentials
              .token(matchId)
              .catch((error: unknown) => upstream.revocations.trackedTokens().find((t) => !upstream.revocations.isRevoked(t)) ?? Promise.reject(error)),
          readsOperatorTables: (matchId) => hub.credentials.readsOperatorTables(matchId),
          rejected: (token) => hub.credentials.rejected(token),
        },
        onNotice: (notice) => {
          if (notice.revoked_tokens?.length) {
            const closed = upstream.revoke(notice.revoked_tokens, notice.revoked_reason);
            if (closed) log.info({ closed }, 'closed the live connections of ended sessions');
          }
          if (notice.access_changed?.length) {
            const told = applyAccessChanges(ioRef.io, upstream, providerRooms, notice.access_changed, plainWs?.sessions);
            if (told) log.info({ told }, 'told the consoles of sessions whose access changed');
          }
          if (notice.match_id > 0) hub.changed(notice.match_id, notice.topics, notice.reset, notice);
          if (notice.provider_id !== undefined) providerRooms.notice(notice);
          // A match's connector or a provider changed: match headers and provider selectors read them again.
          if (notice.entities?.length) forwardCatalogNotice(notice, outlets);
          // A stalled feed is an alarm every console and wall shows (match page banner, wall panel, Feed health).
          // An operator granted some providers only hears of the matches it watches.
          if (notice.feed_health) feedHealthOutlet(ioRef, notice.feed_health);
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
    log.info(
      { store: store.kind, credentials: hub.credentials.kind, changeStream: config.changeStream, pollIntervalMs: config.pollIntervalMs },
      'live path ready',
    );

    // One admission for both transports: caps and handshake rates count socket.io and /live together.
    const admission = new Admission(config.admission);
    plainWs = await registerPlainWs(app, { upstream, hub, rooms: wsRooms, metrics, admission, packer });

    // A hung upstream is noticed by a probe of its own (not by traffic), and the rooms of the matches
    // watched here are told at once; back, they get their pollers' status again.
    const probe: UpstreamProbe = new UpstreamProbe({
      check: (timeoutMs) => upstream.health(timeoutMs),
      onChange: (state) => void announceUpstream(ioRef, { store, wsRooms, lastOkAt: () => probe.last.lastOkAt }, state),
      log: app.log.child({ module: 'relay:probe' }),
      intervalMs: config.probeIntervalMs,
    });
    probe.start();

    // @fastify/websocket routes every upgrade through Fastify, which would answer 404 to socket.io's
    // own: its listener (registered above) skips /socket.io/, and socket.io leaves the rest alone.
    skipSocketIoUpgrades(app.server);
    const io = attachSockets(app, upstream, hub, metrics, providerRooms, { admission, addressOf, packer });
    ioRef.io = io;
    if (redis) io.adapter(createShardedAdapter(redis.commands, redis.subscriber, { channelPrefix: `${config.redisPrefix}sio`, subscriptionMode: 'dynamic' }));
    app.decorate('live', { hub, io, store, probe, streaming: () => changes?.connected ?? false });

    // Graceful shutdown: stop polling and give leases up first (another instance takes over at
    // once), then close every live connection cleanly so clients reconnect elsewhere.
    app.addHook('preClose', async () => {
      probe.stop();
      await changes?.close();
      await hub.close();
      for (const socket of plainWs?.sockets ?? []) socket.close(WS_CLOSE.restarting, 'Relay restarting');
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      await io.close();
      await store.close();
      await leases.close();
    });
  },
  { name: 'relay-live', fastify: '5.x', dependencies: ['relay-core'] },
);

function skipSocketIoUpgrades(server: FastifyInstance['server']): void {
  for (const listener of server.listeners('upgrade') as ((req: IncomingMessage, socket: Duplex, head: Buffer) => void)[]) {
    server.removeListener('upgrade', listener);
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (req.url?.startsWith('/socket.io/')) return;
      listener.call(server, req, socket, head);
    });
  }
}
