import { SOCKET_AUTH_ERROR, type SocketRefusal } from '@odds/protocol';

/**
 * The wait before retry number `attempt` (0, 1, …) of a refused handshake or watch: doubling from
 * `baseMs` up to `maxMs`, with jitter (between half and all of it), so the consoles and walls a
 * relay restart or an upstream outage refused together do not all come back in the same instant.
 */
export function retryDelay(attempt: number, baseMs = 500, maxMs = 10_000, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** A refused handshake that asking again cannot fix: the token is invalid (sign in again). */
export function isAuthRefusal(error: Error & { data?: Partial<SocketRefusal> }): boolean {
  return error.data?.reason === 'auth' || error.message === SOCKET_AUTH_ERROR;
}
