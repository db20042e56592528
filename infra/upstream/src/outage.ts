/**
 * Whether an error means the database could not be used at all (an outage), not that a query was
 * wrong: the connection was refused, cut or timed out, the server is shutting down or refusing
 * connections, the pool has ended, or the embedded PGlite is closed. Such a request may succeed
 * when repeated, so it is answered 503 (the console retries it with its Idempotency-Key), never 500.
 */
export function isDatabaseOutage(error: unknown): boolean {
  // drizzle wraps the driver's error (DrizzleQueryError.cause); pg may wrap a socket error too.
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))) return true;
    if (MESSAGES.test(current.message)) return true;
  }
  return false;
}

/** Socket errors on the way to the server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that will not serve now (class 08, connection exception, is matched by
 * prefix): admin_shutdown (pg_terminate_backend, a fast shutdown), crash_shutdown,
 * cannot_connect_now (starting or recovering), too_many_connections, idle_session_timeout.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300']);

/** The driver's own words for a lost or unusable connection (they carry no code). */
const MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|PGlite is clos(ed|ing))/;
