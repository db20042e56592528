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

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  scheduleMs: [10_000, 30_000, 120_000, 600_000, 1_800_000],
  deadlineMs: 3_600_000,
  jitter: 0.2,
};

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 };

/** '10s', '2m', '1h', '500ms' (a bare number is milliseconds). */
export function parseDuration(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)?\s*$/.exec(text);
  if (!match) throw new Error(`'${text}' is not a duration (e.g. 10s, 2m, 1h, 500ms)`);
  return Math.round(Number(match[1]) * UNITS[match[2] ?? 'ms']!);
}

/**
 * The policy from DELIVERY_RETRY_SCHEDULE ('10s,30s,2m,10m,30m'), DELIVERY_RETRY_DEADLINE ('1h')
 * and DELIVERY_RETRY_JITTER (0.2); the defaults where unset. Throws on a value it cannot read.
 */
export function retryPolicyFrom(env: NodeJS.ProcessEnv): RetryPolicy {
  const scheduleMs = env.DELIVERY_RETRY_SCHEDULE ? env.DELIVERY_RETRY_SCHEDULE.split(',').map(parseDuration) : DEFAULT_RETRY_POLICY.scheduleMs;
  if (!scheduleMs.length || scheduleMs.some((ms) => ms <= 0))
    throw new Error(`DELIVERY_RETRY_SCHEDULE needs positive steps, got '${env.DELIVERY_RETRY_SCHEDULE}'`);
  const deadlineMs = env.DELIVERY_RETRY_DEADLINE ? parseDuration(env.DELIVERY_RETRY_DEADLINE) : DEFAULT_RETRY_POLICY.deadlineMs;
  const jitter = env.DELIVERY_RETRY_JITTER !== undefined ? Number(env.DELIVERY_RETRY_JITTER) : DEFAULT_RETRY_POLICY.jitter;
  if (!Number.isFinite(jitter) || jitter < 0 || jitter >= 1) throw new Error(`DELIVERY_RETRY_JITTER must be in [0, 1), got '${env.DELIVERY_RETRY_JITTER}'`);
  return { scheduleMs, deadlineMs, jitter };
}

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
