import type { ClientToServerEvents, ServerToClientEvents } from '@odds/protocol';
import { io, type Socket } from 'socket.io-client';
import { onSessionResumed, sessionExpired } from '../api/sessionExpiry';
import { readToken, usingDisplayToken } from '../api/token';
import { accessChanged } from '../stores/access';
import { sessionEnded } from '../stores/sessionEnd';
import { isAuthRefusal, retryDelay } from './retry';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let shared: LiveSocket | null = null;
let stopResume: () => void = () => undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

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
    // again soon, with whatever token the session holds by then. A refused token asks the
    // operator to sign in again (the sign-in dialog), and the socket reconnects when they have.
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 1000);
    });
    // Ended by an admin (disabled, password reset) or by a password change: the console says why.
    socket.on('sessionEnded', ({ reason }) => {
      if (usingDisplayToken()) return;
      sessionEnded(reason);
      if (reason === 'disabled') socket.close();
    });
    // An admin changed this operator's role or providers: the console shows the new rights at once
    // (the relay closes the socket after this, and it reconnects a second later with them).
    socket.on('sessionChanged', () => {
      if (!usingDisplayToken()) void accessChanged();
    });
    // A handshake the relay refused is not retried by socket.io (only transport failures are, while
    // `socket.active`): one refused because the upstream could not check the token (a relay
    // restarted during an upstream outage) is asked again here, with backoff and jitter, until it
    // succeeds; an invalid token is final and asks to sign in.
    let refused = 0;
    socket.on('connect', () => {
      refused = 0;
      clearTimeout(retryTimer);
    });
    socket.on('connect_error', (error) => {
      if (isAuthRefusal(error)) {
        if (readToken() && !usingDisplayToken()) sessionExpired();
        return;
      }
      if (socket.active) return;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        if (!socket.connected) socket.connect();
      }, retryDelay(refused++));
    });
    stopResume = onSessionResumed(() => {
      if (!socket.connected) socket.connect();
    });
  }
  return shared;
}

/** Closes the shared socket (tests, logout). */
export function closeLiveSocket(): void {
  clearTimeout(retryTimer);
  shared?.close();
  shared = null;
  stopResume();
}
