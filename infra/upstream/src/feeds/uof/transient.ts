/**
 * Whether a failure to handle a UOF message is the moment's (the database or a broker away,
 * a deadlock: the same message will go through later, so it is tried again for as long as it
 * takes) or the message's own (anything else: tried UOF_MAX_ATTEMPTS times, then dead-lettered
 * with the reason). Errors are looked at down their `cause` chain (drizzle wraps the driver's).
 */

/** Postgres SQLSTATEs of a passing trouble: connection (08), resources (53), shutdown (57P01–03), serialization, deadlock, lock wait. */
const PG_TRANSIENT = /^(08...|53...|57P0[123]|40001|40P01|55P03)$/;
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
/** Messages of the drivers (pg, PGlite, amqplib) when their connection is gone. */
const GONE =
  /connection terminated|connection (is )?closed|channel (is )?closed|not connected|timeout exceeded when trying to connect|client (was|has been) closed|pglite is closed|socket hang up|connection ended/i;

export function isTransient(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const { code, message, statusCode } = e as { code?: unknown; message?: unknown; statusCode?: unknown };
    if (typeof code === 'string' && (PG_TRANSIENT.test(code) || NET_CODES.has(code))) return true;
    // The engine's "try later" answers (503 while it cannot reach its database or broker).
    if (statusCode === 503) return true;
    if (typeof message === 'string' && GONE.test(message)) return true;
  }
  return false;
}
