import type { ClientToServerEvents, ServerToClientEvents } from '@odds/protocol';
import { io, type Socket } from 'socket.io-client';
import { readToken } from '../api/token';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let shared: LiveSocket | null = null;

/**
 * The page's one socket to the relay (same origin), shared by every match it watches. It sends the
 * session's token in its handshake, read again on each reconnect, and reconnects by itself with
 * socket.io's backoff (capped at 10 s so a wall screen is back soon after the relay is).
 */
export function liveSocket(): LiveSocket {
  if (!shared) {
    shared = io({
      auth: (send) => send({ token: readToken() ?? '' }),
      transports: ['websocket'],
      reconnectionDelay: 500,
      reconnectionDelayMax: 10_000,
    });
    const socket = shared;
    // socket.io does not reconnect after the server closed the socket (an expired token): try
    // again after a while, with whatever token the session holds by then.
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 5000);
    });
  }
  return shared;
}

/** Closes the shared socket (tests, logout). */
export function closeLiveSocket(): void {
  shared?.close();
  shared = null;
}
