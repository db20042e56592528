import type { ChannelOutcome } from './adapter';
import type { SendResult } from './webhook';

/**
 * The generic webhook as a channel: webhook.ts makes the call (its destination checks,
 * signing and report handling are its own); this maps its result to the outcome taxonomy. A
 * receiver's 429 or 503 is a retry of this delivery at its `Retry-After` (a receiver is one
 * contact's, not a shared channel: nothing else waits for it).
 */
export function webhookOutcome(result: SendResult): ChannelOutcome {
  if (result.status === 'SENT') return { kind: 'sent', stats: result.stats ?? null };
  const error = result.error ?? 'webhook failed';
  if (result.final) return { kind: 'failed', error };
  return { kind: 'retry', error, retryAfterMs: result.retryAfterMs ?? null };
}
