/**
 * Live events between relay and clients over socket.io (and the plain WebSocket `/live`).
 * Typed maps shared by relay and client so a renamed event breaks the build, not production.
 */
export interface ServerToClientEvents {
  /** Sent once after a socket connects and its token was accepted. */
  hello: (payload: { user: { id: number; name: string } }) => void;
}

export interface ClientToServerEvents {}

/** What the relay keeps on each authenticated socket. */
export interface SocketData {
  user: { id: number; email: string; name: string };
  token: string;
}

/** Error message a socket receives when its token is missing, expired or invalid. */
export const SOCKET_AUTH_ERROR = 'Authentication required';
