/**
 * The live events of live.ts as JSON messages for the plain WebSocket `/live` (dashboards and
 * scripts, which have no socket.io): `{event, data}` each way, plus an `id` on client requests that
 * the relay echoes in an `ack` message, standing in for socket.io's ack callbacks.
 */
import { Type, type Static, type TSchema } from 'typebox';
import Value from 'typebox/value';
import { type ClientToServerEvents, type LiveAck, type ServerToClientEvents, EditingRequest, ResyncRequest, UnwatchRequest, WatchRequest } from './live';

const request = <E extends string, D extends TSchema>(event: E, data: D) =>
  Type.Object({ event: Type.Literal(event), data, id: Type.Optional(Type.Integer({ minimum: 0 })) });

/**
 * Browsers cannot set headers on a WebSocket, so a connection whose upgrade carried no
 * `Authorization` header must send `auth` first; anything else before it is refused with
 * SOCKET_AUTH_ERROR and the connection closed.
 */
export const LiveAuthRequest = Type.Object({ token: Type.String({ minLength: 1, maxLength: 4096 }) });

/** Every message a `/live` client may send; the relay validates each against this. */
export const LiveClientMessage = Type.Union([
  request('auth', LiveAuthRequest),
  request('watch', WatchRequest),
  request('unwatch', UnwatchRequest),
  request('resync', ResyncRequest),
  request('editing', EditingRequest),
]);
export type LiveClientMessage = Static<typeof LiveClientMessage>;

/** Why a parsed `/live` message is refused (unknown event, bad data), or null when it is valid. */
export function liveMessageError(message: unknown): string | null {
  if (Value.Check(LiveClientMessage, message)) return null;
  const event = (message as { event?: unknown } | null)?.event;
  if (typeof event !== 'string' || !['auth', 'watch', 'unwatch', 'resync', 'editing'].includes(event))
    return 'Unknown message: expected {event, data} with event auth, watch, unwatch, resync or editing';
  const id = (message as { id?: unknown }).id;
  return `Invalid ${event} message: ${id !== undefined && !Number.isInteger(id) ? 'id must be an integer' : 'data does not match its schema'}`;
}

/** Fails to compile if a client message has no socket.io event of the same name (auth aside). */
type SocketEvent<E extends keyof ClientToServerEvents> = E;
export type LiveClientEvent = SocketEvent<Exclude<LiveClientMessage['event'], 'auth'>>;

/** `packed` is socket.io's carrier of binary payloads; on `/live` a packed message is a binary one (LIVE_WS_PACKED_QUERY). */
type PushedEvent = Exclude<keyof ServerToClientEvents, 'packed'>;
type Pushed = {
  [K in PushedEvent]: { event: K; data: Parameters<ServerToClientEvents[K]>[0] };
}[PushedEvent];

/** Every message the relay sends on `/live`: the socket.io events, acks, and refusals of bad input. */
export type LiveServerMessage = Pushed | { event: 'ack'; id: number; data: LiveAck } | { event: 'error'; data: { message: string } };
