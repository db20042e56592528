import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { liveMessageError, PACKED_ENCODING, SOCKET_AUTH_ERROR, type LiveAck, type LiveClientMessage, type LiveServerMessage } from '@odds/protocol';
import type { RelayMetrics } from '../../metrics';
import type { CheckedSession, UpstreamClient } from '../../upstream';
import type { PushEvent } from '../ground/broadcast';
import { HANDSHAKE_PATIENCE, type LiveConnection, type LiveHub } from '../hub';
import type { Admission, Place } from './admission';
import { isPackable, type LivePacker } from './packing';
import type { WsMember, WsRooms } from './ws-rooms';

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

/** What every `/live` connection shares: the relay's parts, and the sets of open sockets and authenticated sessions. */
export interface PlainWsShared {
  upstream: UpstreamClient;
  hub: LiveHub;
  rooms: WsRooms;
  metrics: RelayMetrics;
  admission: Admission;
  packer: LivePacker;
  log: FastifyBaseLogger;
  open: Set<WebSocket>;
  sessions: Set<PlainLiveSession>;
}

/**
 * One `/live` connection from its upgrade to its close: it authenticates (from the upgrade's
 * header or a first `auth` message, within AUTH_TIMEOUT_MS), is admitted, then has its requests
 * answered by the hub; on close it gives back everything it held.
 */
export class PlainLiveConnection {
  private conn: LiveConnection | null = null;
  private place: Place | null = null;
  private expiry: NodeJS.Timeout | null = null;
  private untrack: (() => void) | null = null;
  private live: PlainLiveSession | null = null;
  private authenticating: Promise<void> | null = null;
  private authTimer: NodeJS.Timeout | undefined;
  private readonly packed: boolean;
  /** This connection in the rooms of the matches it watches (one object, so it leaves as it joined). */
  private readonly member: WsMember;

  constructor(
    private readonly socket: WebSocket,
    private readonly request: FastifyRequest,
    private readonly id: string,
    private readonly shared: PlainWsShared,
  ) {
    this.packed = (request.query as { packed?: string }).packed === PACKED_ENCODING;
    this.member = { packed: this.packed, sendText: this.sendText, sendBinary: this.sendText };
  }

  /** Counts the socket open, authenticates from the upgrade's header if it has one, and listens. */
  start(): void {
    const { socket, request, shared } = this;
    shared.open.add(socket);
    const headerToken = tokenFromHeader(request.headers.authorization);
    this.authTimer = setTimeout(() => {
      if (!this.conn && !this.authenticating) this.refuse('no auth message');
    }, AUTH_TIMEOUT_MS);
    if (headerToken || request.headers.authorization) this.authenticating = this.authenticate(headerToken);
    socket.on('message', (raw, isBinary) => {
      void this.answer(raw, isBinary).catch((error: unknown) => shared.log.error({ err: error }, '/live message failed'));
    });
    socket.on('close', () => this.closed());
  }

  private readonly sendMessage = (message: LiveServerMessage) => this.sendText(JSON.stringify(message));

  /** Sends while the socket is open; a client that does not read its messages is closed instead. */
  private readonly sendText = (text: string | Buffer) => {
    const { socket } = this;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.shared.log.warn({ id: this.id }, 'closing a /live connection that does not read its messages');
      socket.close(WS_CLOSE.tooSlow, 'Too slow: messages are not being read');
      return;
    }
    socket.send(text);
  };

  private refuse(reason: string): void {
    this.shared.metrics.refusals.inc({ reason });
    this.sendMessage({ event: 'error', data: { message: SOCKET_AUTH_ERROR } });
    this.socket.close(WS_CLOSE.unauthorized, SOCKET_AUTH_ERROR);
  }

  /** The token checked with the upstream (refused, or closed when the upstream cannot be reached), then admitted. */
  private async authenticate(token: string | null): Promise<void> {
    const { socket, shared } = this;
    let session: CheckedSession | null;
    try {
      // A busy upstream is asked again (not refused) while the socket is open.
      session = token
        ? await shared.hub.whileUp(
            () => shared.upstream.checkToken(token),
            () => socket.readyState === socket.OPEN,
            HANDSHAKE_PATIENCE,
          )
        : null;
    } catch (error) {
      shared.log.warn({ err: error }, 'token check failed: upstream unreachable');
      this.sendMessage({ event: 'error', data: { message: 'Live updates are unavailable: the back-office services cannot be reached' } });
      socket.close(WS_CLOSE.unavailable, 'Upstream unreachable');
      return;
    }
    if (!session || !token) return this.refuse(token ? 'invalid token' : 'missing token');
    if (socket.readyState !== socket.OPEN) return;
    const admitted = shared.admission.admit(this.request.ip, token);
    if (typeof admitted === 'string') {
      shared.metrics.refusals.inc({ reason: 'too many sockets' });
      this.sendMessage({ event: 'error', data: { message: admitted } });
      socket.close(WS_CLOSE.tryAgainLater, 'Too many live connections');
      return;
    }
    this.place = admitted;
    this.admit(session, token);
  }

  /**
   * The connection joins the hub; it is closed when its session ends or its token expires, and
   * told when an admin changes its access.
   */
  private admit(session: CheckedSession, token: string): void {
    const { socket, shared } = this;
    this.conn = {
      id: this.id,
      transport: 'ws',
      user: session.user,
      token,
      expiresAt: session.expiresAt,
      display: session.display,
      send: (event, payload) => this.send(event, payload),
      join: (matchId) => shared.rooms.join(matchId, this.member),
      leave: (matchId) => shared.rooms.leave(matchId, this.member),
    };
    shared.hub.connected(this.conn);
    // A logout (or any revocation the relay learns of) closes the connection at once.
    this.untrack = shared.upstream.revocations.track(token, (reason) =>
      socket.close(WS_CLOSE.unauthorized, reason === 'disabled' ? 'Account disabled' : 'Session ended'),
    );
    this.expiry = setTimeout(() => socket.close(WS_CLOSE.unauthorized, 'Token expired'), Math.max(0, Math.min(session.expiresAt - Date.now(), 2 ** 31 - 1)));
    this.live = {
      token,
      accessChanged: () => {
        this.sendMessage({ event: 'sessionChanged', data: { reason: 'access' } });
        socket.close(WS_CLOSE.accessChanged, 'Access changed: connect again');
      },
    };
    shared.sessions.add(this.live);
    this.sendMessage({ event: 'hello', data: { user: { id: session.user.id, name: session.user.name } } });
  }

  /** A hub event as JSON text, packed when the client asked and it is big enough to be worth it. */
  private send(event: PushEvent, payload: object): void {
    const { packed, shared } = this;
    if (event !== 'snapshot') {
      const text = JSON.stringify({ event, data: payload });
      this.sendText((packed && isPackable(event) && shared.packer.text(text)) || text);
      return;
    }
    // Shared by every watcher (live/snapshot.ts): serialised once, packed once.
    let snapshot = snapshotTexts.get(payload);
    if (snapshot === undefined) {
      snapshot = { text: JSON.stringify({ event, data: payload }) };
      snapshotTexts.set(payload, snapshot);
    }
    if (packed && snapshot.packed === undefined) snapshot.packed = shared.packer.text(snapshot.text);
    this.sendText((packed && snapshot.packed) || snapshot.text);
  }

  /** One client message: checked, then `auth`, or (once authenticated) a request for the hub, answered by an ack. */
  private async answer(raw: RawData, isBinary: boolean): Promise<void> {
    const { hub } = this.shared;
    let message: unknown;
    try {
      message = JSON.parse(isBinary ? '' : raw.toString());
    } catch {
      return this.sendMessage({ event: 'error', data: { message: 'Messages must be JSON: {"event": ..., "data": ...}' } });
    }
    const invalid = liveMessageError(message);
    // null, a number, a list: not a message; answered with the "Unknown message" error below.
    const { event, data, id: requestId } = (message !== null && typeof message === 'object' ? message : {}) as LiveClientMessage;
    const ack = (reply: LiveAck) => (requestId === undefined ? undefined : this.sendMessage({ event: 'ack', id: requestId, data: reply }));
    if (invalid) {
      if (Number.isInteger(requestId)) ack({ ok: false, error: invalid });
      else this.sendMessage({ event: 'error', data: { message: invalid } });
      return;
    }
    if (event === 'auth') {
      if (this.conn || this.authenticating) return ack({ ok: false, error: 'Already authenticated' });
      this.authenticating = this.authenticate((data as { token: string }).token);
      await this.authenticating;
      if (this.conn) ack({ ok: true });
      return;
    }
    await this.authenticating;
    const { conn } = this;
    if (!conn) return this.refuse('request before auth');
    if (event === 'watch') ack(await hub.watch(conn, data));
    else if (event === 'unwatch') ack(await hub.unwatch(conn, data));
    else if (event === 'resync') ack(await hub.resync(conn, data));
    else ack(await hub.editing(conn, data));
  }

  /** Everything the connection held given back: its place, its timers, its revocation watch, its session, its hub connection. */
  private closed(): void {
    const { shared } = this;
    shared.open.delete(this.socket);
    this.place?.release();
    clearTimeout(this.authTimer);
    if (this.expiry) clearTimeout(this.expiry);
    this.untrack?.();
    if (this.live) shared.sessions.delete(this.live);
    if (this.conn) shared.hub.disconnected(this.conn);
  }
}
