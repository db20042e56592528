import { parseRetryAfter } from '../retry-policy';
import type { ChannelOutcome } from './adapter';

/**
 * What vendor adapters share about an HTTP call: a body read as JSON when it is JSON (a vendor's
 * error object), and the outcome of a call that never got an answer.
 */

/** The body as JSON, or null when empty or not JSON. */
export function jsonOf(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** `Retry-After` in ms, at least `floorMs` (a vendor's documented minimum); the floor when absent. */
export const waitOf = (header: string | null | undefined, nowMs: number, floorMs: number) => Math.max(floorMs, parseRetryAfter(header, nowMs) ?? 0);

/** No answer (refused, reset, timed out, TLS refused): a retry; the error names the vendor and the kind, never the host. */
export function unanswered(vendor: string, error: unknown): ChannelOutcome {
  const err = error as Error & { code?: string; cause?: { code?: string } };
  const code = err.cause?.code ?? err.code ?? (err.name === 'TimeoutError' || err.name === 'AbortError' ? 'timeout' : 'no answer');
  return { kind: 'retry', error: `${vendor}: no answer (${code})` };
}
