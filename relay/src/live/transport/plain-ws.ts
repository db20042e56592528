import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  LIVE_WS_PATH,
  liveMessageError,
  PACKED_ENCODING,
  SOCKET_AUTH_ERROR,
  type LiveAck,
  type LiveClientMessage,
  type LiveServerMessage,
} from '@odds/protocol';
import type { RelayMetrics } from '../../metrics';
import type { CheckedSession, UpstreamClient } from '../../upstream';
import type { Admission, Place } from './admission';
import type { LiveConnection, LiveHub } from '../hub';
import { isPackable, LivePacker } from './packing';
import type { WsRooms } from './ws-rooms';

/** Snapshot payloads shared by every watcher of a match, as the JSON text sent and, made when first asked for, its packed form. */
const snapshotTexts = new WeakMap<object, { text: string; packed?: Buffer | null }>();

/**
 * Close codes of `/live`: 4401 for a refused token (like HTTP 401), 4205 when an admin changed the
 * session's access (connect again: the watches are checked with the new rights), 1012 when the
 * relay restarts.
 */
export const WS_CLOSE = { unauthorized: 4401, accessChanged: 4205, restarting: 1012, tooSlow: 1008, unavailable: 1011, tryAgainLater: 1013 } as const;
const AUTH_TIMEOUT_MS = 10_000;
/** A client that stops reading gets cut off rather than growing the relay's memory. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

const tokenFromHeader = (header: string | undefined) => /^(?:Token|Bearer)\s+(\S{20,200})$/i.exec(header?.trim() ?? '')?.[1] ?? null;

/** An authenticated `/live` connection as an access change sees it: its token, and how to tell it and close it. */
export interface PlainLiveSession {
  token: string;
  accessChanged(): void;
}

/** What `registerPlainWs` hands back: every open socket (closed on shutdown) and the authenticated ones. */
export interface PlainWs {
  sockets: ReadonlySet<WebSocket>;
  sessions: ReadonlySet<PlainLiveSession>;
}

/**
 * `/live`: the watch/snapshot/delta protocol as JSON over a plain WebSocket, for dashboards and
 * scripts without socket.io (protocol's live-envelope.ts). The token comes in the upgrade's
 * Authorization header or, from browsers, in a first `auth` message; nothing else is accepted
 * before it. Requests are validated, rate-limited and answered exactly as on socket.io. A client
 * that connects with `?packed=deflate-raw` gets big snapshots and deltas as binary messages,
 * deflated once for every connection (protocol LIVE_WS_PACKED_QUERY); the others get text only.
 */
export async function registerPlainWs(
  app: FastifyInstance,
  deps: { upstream: UpstreamClient; hub: LiveHub; rooms: WsRooms; metrics: RelayMetrics; admission: Admission; packer?: LivePacker },
): Promise<PlainWs> {
  const { upstream, hub, rooms, metrics, admission, packer = new LivePacker(metrics) } = deps;
  const log = app.log.child({ module: 'relay:live-ws' });
  const open = new Set<WebSocket>();
  const sessions = new Set<PlainLiveSession>();
  let sequence = 0;
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // On shutdown, tell clients it is a restart (1012), so they reconnect to another instance.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(WS_CLOSE.restarting, 'Relay restarting');
      this.websocketServer.close();
      done();
    },
  });

  const handshakeLimit = {
    // Refused before the upgrade, as plain HTTP 429: a client cycling through tokens never gets to ask the upstream.
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      const { packed } = request.query as { packed?: unknown };
      if (packed !== undefined && packed !== PACKED_ENCODING) {
        return reply.status(400).send({
          statusCode: 400,
          code: 'BAD_PACKED',
          error: 'Bad Request',
          message: `packed must be ${PACKED_ENCODING} (or left out for text messages only)`,
        });
      }
      const tooFast = admission.handshake(request.ip);
      if (!tooFast) return;
      metrics.refusals.inc({ reason: 'handshake rate' });
      return reply.status(429).header('retry-after', '1').send({ statusCode: 429, code: 'TOO_MANY_HANDSHAKES', error: 'Too Many Requests', message: tooFast });
    },
  };

  app.get(LIVE_WS_PATH, { websocket: true, ...handshakeLimit }, (socket, request) => {
    open.add(socket);
    const id = `ws:${++sequence}`;
    let conn: LiveConnection | null = null;
    let place: Place | null = null;
    let expiry: NodeJS.Timeout | null = null;
    let untrack: (() => void) | null = null;
    let live: PlainLiveSession | null = null;
    let authenticating: Promise<void> | null = null;
    const packed = (request.query as { packed?: string }).packed === PACKED_ENCODING;
    const sendMessage = (message: LiveServerMessage) => sendText(JSON.stringify(message));
    const sendText = (text: string | Buffer) => {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        log.warn({ id }, 'closing a /live connection that does not read its messages');
        socket.close(WS_CLOSE.tooSlow, 'Too slow: messages are not being read');
        return;
      }
      socket.send(text);
    };
    const member = { packed, sendText, sendBinary: sendText };
    const refuse = (reason: string) => {
      metrics.refusals.inc({ reason });
      sendMessage({ event: 'error', data: { message: SOCKET_AUTH_ERROR } });
      socket.close(WS_CLOSE.unauthorized, SOCKET_AUTH_ERROR);
    };

    const authenticate = async (token: string | null) => {
      let session: CheckedSession | null;
      try {
        session = token ? await upstream.checkToken(token) : null;
      } catch (error) {
        log.warn({ err: error }, 'token check failed: upstream unreachable');
        sendMessage({ event: 'error', data: { message: 'Live updates are unavailable: the back-office services cannot be reached' } });
        socket.close(WS_CLOSE.unavailable, 'Upstream unreachable');
        return;
      }
      if (!session || !token) return refuse(token ? 'invalid token' : 'missing token');
      if (socket.readyState !== socket.OPEN) return;
      const admitted = admission.admit(request.ip, token);
      if (typeof admitted === 'string') {
        metrics.refusals.inc({ reason: 'too many sockets' });
        sendMessage({ event: 'error', data: { message: admitted } });
        socket.close(WS_CLOSE.tryAgainLater, 'Too many live connections');
        return;
      }
      place = admitted;
      conn = {
        id,
        transport: 'ws',
        user: session.user,
        token,
        expiresAt: session.expiresAt,
        display: session.display,
        send: (event, payload) => {
          if (event !== 'snapshot') {
            const text = JSON.stringify({ event, data: payload });
            return sendText((packed && isPackable(event) && packer.text(text)) || text);
          }
          // Shared by every watcher (live/snapshot.ts): serialised once, packed once.
          let snapshot = snapshotTexts.get(payload);
          if (snapshot === undefined) {
            snapshot = { text: JSON.stringify({ event, data: payload }) };
            snapshotTexts.set(payload, snapshot);
          }
          if (packed && snapshot.packed === undefined) snapshot.packed = packer.text(snapshot.text);
          sendText((packed && snapshot.packed) || snapshot.text);
        },
        join: (matchId) => rooms.join(matchId, member),
        leave: (matchId) => rooms.leave(matchId, member),
      };
      hub.connected(conn);
      // A logout (or any revocation the relay learns of) closes the connection at once.
      untrack = upstream.revocations.track(token, (reason) =>
        socket.close(WS_CLOSE.unauthorized, reason === 'disabled' ? 'Account disabled' : 'Session ended'),
      );
      expiry = setTimeout(() => socket.close(WS_CLOSE.unauthorized, 'Token expired'), Math.max(0, Math.min(session.expiresAt - Date.now(), 2 ** 31 - 1)));
      live = {
        token,
        accessChanged: () => {
          sendMessage({ event: 'sessionChanged', data: { reason: 'access' } });
          socket.close(WS_CLOSE.accessChanged, 'Access changed: connect again');
        },
      };
      sessions.add(live);
      sendMessage({ event: 'hello', data: { user: { id: session.user.id, name: session.user.name } } });
    };

    const headerToken = tokenFromHeader(request.headers.authorization);
    const authTimer = setTimeout(() => {
      if (!conn && !authenticating) refuse('no auth message');
    }, AUTH_TIMEOUT_MS);
    if (headerToken || request.headers.authorization) authenticating = authenticate(headerToken);

    socket.on('message', (raw, isBinary) => {
      void (async () => {
        let message: unknown;
        try {
          message = JSON.parse(isBinary ? '' : raw.toString());
        } catch {
          return sendMessage({ event: 'error', data: { message: 'Messages must be JSON: {"event": ..., "data": ...}' } });
        }
        const invalid = liveMessageError(message);
        // null, a number, a list: not a message; answered with the "Unknown message" error below.
        const { event, data, id: requestId } = (message !== null && typeof message === 'object' ? message : {}) as LiveClientMessage;
        const ack = (reply: LiveAck) => (requestId === undefined ? undefined : sendMessage({ event: 'ack', id: requestId, data: reply }));
        if (invalid) {
          if (Number.isInteger(requestId)) ack({ ok: false, error: invalid });
          else sendMessage({ event: 'error', data: { message: invalid } });
          return;
        }
        if (event === 'auth') {
          if (conn || authenticating) return ack({ ok: false, error: 'Already authenticated' });
          authenticating = authenticate((data as { token: string }).token);
          await authenticating;
          if (conn) ack({ ok: true });
          return;
        }
        await authenticating;
        if (!conn) return refuse('request before auth');
        if (event === 'watch') ack(await hub.watch(conn, data));
        else if (event === 'unwatch') ack(await hub.unwatch(conn, data));
        else if (event === 'resync') ack(await hub.resync(conn, data));
        else ack(await hub.editing(conn, data));
      })().catch((error: unknown) => log.error({ err: error }, '/live message failed'));
    });

    socket.on('close', () => {
      open.delete(socket);
      place?.release();
      clearTimeout(authTimer);
      if (expiry) clearTimeout(expiry);
      untrack?.();
      if (live) sessions.delete(live);
      if (conn) hub.disconnected(conn);
    });
  });

  return { sockets: open, sessions };
}
