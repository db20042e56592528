import { DEFAULTS, type Environment } from '@odds/ops';

/**
 * When a failed webhook or mail send is tried again (docs/deliveries.md):
 * - a failure the receiver will give again (a 4xx other than 408 and 429, an SMTP 5xx, no SMTP
 *   server) is final: the delivery is FAILED after that one call;
 * - any other (no answer, a timeout, a 5xx, 408, 429, an SMTP 4xx or connection error) is retried
 *   after the schedule's next step (the last step repeats), each step ±`jitter` at random so that
 *   the retries of one outage do not all arrive at once; a 429 or 503 with `Retry-After` is retried
 *   exactly when the receiver asked;
 * - no retry is planned past the deadline (counted from the first call, or from an operator's
 *   retry): the delivery is then FAILED with the last error.
 */
export interface RetryPolicy {
  /** Wait after the 1st, 2nd, ... failure; the last repeats. */
  scheduleMs: number[];
  /** From the first call to the last moment a retry may be planned for. */
  deadlineMs: number;
  /** Each wait is scaled by a random factor in [1 - jitter, 1 + jitter]. */
  jitter: number;
}

/** The settings the policy is made of. */
export type RetryEnvironment = Pick<Environment, 'DELIVERY_RETRY_SCHEDULE' | 'DELIVERY_RETRY_DEADLINE' | 'DELIVERY_RETRY_JITTER'>;

/** The policy from DELIVERY_RETRY_SCHEDULE ('10s,30s,2m,10m,30m'), DELIVERY_RETRY_DEADLINE ('1h') and DELIVERY_RETRY_JITTER (0.2). */
export const retryPolicyFrom = (env: RetryEnvironment): RetryPolicy => ({
  scheduleMs: env.DELIVERY_RETRY_SCHEDULE,
  deadlineMs: env.DELIVERY_RETRY_DEADLINE,
  jitter: env.DELIVERY_RETRY_JITTER,
});

/** The variables' defaults (infra/ops/src/variables.ts). */
export const DEFAULT_RETRY_POLICY: RetryPolicy = retryPolicyFrom(DEFAULTS);

/** An HTTP answer the same request will get again: no retry. 408 (timeout) and 429 (slow down) are worth one. */
export const isFinalHttpStatus = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/** `Retry-After` as milliseconds from `nowMs` (seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/**
 * When to call again after the `failures`-th failed call (1 for the first), or null when no retry
 * may be planned: the next time falls past `deadlineAtMs`. `retryAfterMs` is the receiver's own
 * wait, which replaces the schedule's.
 */
export function nextAttemptAt(
  policy: RetryPolicy,
  failures: number,
  nowMs: number,
  deadlineAtMs: number,
  retryAfterMs: number | null = null,
  random: () => number = Math.random,
): number | null {
  let waitMs: number;
  if (retryAfterMs !== null) {
    waitMs = Math.max(1000, retryAfterMs);
  } else {
    const step = policy.scheduleMs[Math.min(Math.max(failures, 1), policy.scheduleMs.length) - 1]!;
    waitMs = Math.round(step * (1 - policy.jitter + 2 * policy.jitter * random()));
  }
  const at = nowMs + waitMs;
  return at > deadlineAtMs ? null : at;
}
