import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import {
  matchRoom,
  SOCKET_AUTH_ERROR,
  type ClientToServerEvents,
  type LiveAck,
  type ServerToClientEvents,
  type SocketData,
  type SocketRefusal,
} from '@odds/protocol';
import type { IncomingMessage } from 'node:http';
import { Admission, type Place } from './admission';
import type { PushPayload } from '../ground/broadcast';
import { HANDSHAKE_PATIENCE, type LiveConnection, type LiveHub } from '../hub';
import { isPackable, LivePacker } from './packing';
import type { ProviderRooms } from './provider-rooms';
import type { RelayMetrics } from '../../metrics';
import type { UpstreamClient } from '../../upstream';

/** What the relay keeps on each socket: the protocol's SocketData plus when its token expires. */
type RelaySocketData = SocketData & { expiresAt: number; display: boolean; place?: Place };
export type RelayIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, RelaySocketData>;

export const UPSTREAM_UNREACHABLE = 'Live updates are unavailable: the back-office services cannot be reached';

/** A handshake refusal whose `data` tells the client whether to sign in again or retry (socket.io sends it in the connect_error). */
const refusal = (message: string, data: SocketRefusal) => Object.assign(new Error(message), { data });

/**
 * socket.io on the relay's own HTTP server (not a Fastify plugin: fastify-socket.io targets
 * Fastify 4). Upgrades socket.io does not own (`/live`) are left to @fastify/websocket
 * (`destroyUpgrade: false`). A socket must present a valid token in its handshake
 * (`auth: {token}`), checked with the upstream; it is disconnected when that token expires.
 * Its watch, unwatch and resync requests go to the live hub, each answered by an ack.
 */
export interface SocketAdmission {
  admission: Admission;
  /** The client's address of a handshake (TRUST_PROXY applied, as for REST calls). */
  addressOf(request: IncomingMessage): string;
  /** Packs big snapshots and deltas (shared with the room broadcasts, so a payload is deflated once). */
  packer?: LivePacker;
}

export function attachSockets(
  app: FastifyInstance,
  upstream: UpstreamClient,
  hub: LiveHub,
  metrics: RelayMetrics,
  providers?: ProviderRooms,
  { admission, addressOf, packer = new LivePacker(metrics) }: SocketAdmission = {
    admission: new Admission(),
    addressOf: (request) => request.socket.remoteAddress ?? 'unknown',
  },
): RelayIo {
  const log = app.log.child({ module: 'relay:sockets' });
  const io: RelayIo = new Server(app.server, {
    serveClient: false,
    cors: { origin: false },
    destroyUpgrade: false,
    // Requests are a few bytes; nothing a client sends needs more.
    maxHttpBufferSize: 64 * 1024,
    // No per-message deflate: no zlib context per socket, and a room broadcast goes out as the one
    // frame socket.io encoded for all its sockets. Big snapshots and deltas are deflated once in
    // the application instead and sent as binary (live/packing.ts, protocol's PackedPayload).
    perMessageDeflate: false,
  });

  io.use(handshakeCheck(upstream, hub, metrics, admission, addressOf, log));

  io.on('connection', (socket) => {
    const { user, token, display } = socket.data;
    log.debug({ socket: socket.id, user: user.email }, 'socket connected');
    const conn = liveConnectionOf(socket, packer);
    hub.connected(conn);
    endWithSession(socket, upstream, hub, conn);

    const answer = (work: Promise<LiveAck>, ack: unknown) => answerAck(work, ack, log);
    // Payloads are `unknown` until the hub has validated them against protocol's schemas.
    socket.on('watch', (payload: unknown, ack: unknown) => answer(hub.watch(conn, payload), ack));
    socket.on('unwatch', (payload: unknown, ack: unknown) => answer(hub.unwatch(conn, payload), ack));
    socket.on('resync', (payload: unknown, ack: unknown) => answer(hub.resync(conn, payload), ack));
    socket.on('editing', (payload: unknown, ack: unknown) => answer(hub.editing(conn, payload), ack));
    // Provider-wide data (live-provider.ts): follow the provider the console works in.
    const follower = { token, display, rooms: socket.rooms, join: (room: string) => void socket.join(room), leave: (room: string) => void socket.leave(room) };
    socket.on('provider', (payload: unknown, ack: unknown) =>
      answer(providers ? providers.follow(follower, payload) : Promise.resolve({ ok: false, error: 'This relay does not push provider data' }), ack),
    );
    socket.emit('hello', { user: { id: user.id, name: user.name } });
  });

  return io;
}

/** A socket as the relay's socket.io server hands it over. */
type RelaySocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, RelaySocketData>;
/** The handshake middleware of the relay's socket.io server. */
type RelayMiddleware = Parameters<RelayIo['use']>[0];

/** The handshake check: rate-limited per address, its token checked with the upstream (asked again while it is busy), a place admitted, else a refusal. */
function handshakeCheck(
  upstream: UpstreamClient,
  hub: LiveHub,
  metrics: RelayMetrics,
  admission: Admission,
  addressOf: (request: IncomingMessage) => string,
  log: FastifyBaseLogger,
): RelayMiddleware {
  return async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    const address = addressOf(socket.request);
    // Before the upstream is asked anything: a client cycling through tokens is slowed here.
    const tooFast = admission.handshake(address);
    if (tooFast) {
      metrics.refusals.inc({ reason: 'handshake rate' });
      return next(refusal(tooFast, { reason: 'busy', retryable: true }));
    }
    try {
      // A busy upstream is asked again (not refused) while the client still waits for its handshake.
      const session = token
        ? await hub.whileUp(
            () => upstream.checkToken(token),
            () => socket.conn.readyState === 'open',
            HANDSHAKE_PATIENCE,
          )
        : null;
      if (!session) {
        metrics.refusals.inc({ reason: token ? 'invalid token' : 'missing token' });
        return next(refusal(SOCKET_AUTH_ERROR, { reason: 'auth', retryable: false }));
      }
      const place = admission.admit(address, token);
      if (typeof place === 'string') {
        metrics.refusals.inc({ reason: 'too many sockets' });
        return next(refusal(place, { reason: 'busy', retryable: true }));
      }
      // Given back when the socket disconnects, or when its connection closes before it got that far.
      socket.conn.once('close', () => place.release());
      socket.data = { user: session.user, token, expiresAt: session.expiresAt, display: session.display, place };
      next();
    } catch (error) {
      log.warn({ err: error }, 'token check failed: upstream unreachable');
      next(refusal(UPSTREAM_UNREACHABLE, { reason: 'unavailable', retryable: true }));
    }
  };
}

/** The hub's view of a socket: its session, and sends that pack big snapshots and deltas once for every socket. */
function liveConnectionOf(socket: RelaySocket, packer: LivePacker): LiveConnection {
  const { user, token, expiresAt, display } = socket.data;
  return {
    id: `sio:${socket.id}`,
    transport: 'socketio',
    user,
    token,
    expiresAt,
    display,
    send: (event, ...args) => {
      // A big snapshot (every watcher gets the same payload object) or delta: deflated once, its
      // bytes a binary attachment shared by every socket it goes to.
      const packed = isPackable(event) ? packer.payload(event, args[0] as PushPayload<'snapshot' | 'delta'>) : null;
      if (packed) socket.emit('packed', packed);
      else socket.emit(event, ...args);
    },
    join: (matchId) => void socket.join(matchRoom(matchId)),
    leave: (matchId) => void socket.leave(matchRoom(matchId)),
  };
}

/** Disconnects the socket when its token expires or is revoked, and gives back its place and hub entry when it goes. */
function endWithSession(socket: RelaySocket, upstream: UpstreamClient, hub: LiveHub, conn: LiveConnection): void {
  const { token, expiresAt } = socket.data;
  const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, Math.min(expiresAt - Date.now(), 2 ** 31 - 1)));
  // A logout (or any revocation the relay learns of) disconnects the socket at once, saying why
  // first (an admin disabled the account, a password was changed), so its console can tell.
  const untrack = upstream.revocations.track(token, (reason) => {
    socket.emit('sessionEnded', { reason });
    socket.disconnect(true);
  });
  socket.on('disconnect', () => {
    socket.data.place?.release();
    clearTimeout(expiry);
    untrack();
    hub.disconnected(conn);
  });
}

/** Answers a live request's ack with its outcome, or with a retryable failure (logged) if it threw. */
function answerAck(work: Promise<LiveAck>, ack: unknown, log: FastifyBaseLogger): void {
  void work
    .catch((error: unknown): LiveAck => {
      log.error({ err: error }, 'live request failed');
      return { ok: false, error: 'The relay could not handle this request', retryable: true };
    })
    .then((reply) => {
      if (typeof ack === 'function') ack(reply);
    });
}
