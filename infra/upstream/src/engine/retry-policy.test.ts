import { describe, expect, it } from 'vitest';
import { readEnvironment } from '@odds/ops';
import { DEFAULT_RETRY_POLICY, isFinalHttpStatus, nextAttemptAt, parseRetryAfter, retryPolicyFrom } from './retry-policy';

const NOW = Date.parse('2031-07-01T18:00:00Z');
const HOUR = 3_600_000;

describe('retry policy', () => {
  it('waits the schedule step of each failure, the last repeating, scaled by the jitter', () => {
    const policy = { scheduleMs: [10_000, 30_000, 120_000], deadlineMs: 10 * HOUR, jitter: 0.2 };
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 9].map((n) => nextAttemptAt(policy, n, NOW, NOW + HOUR, null, mid)! - NOW)).toEqual([10_000, 30_000, 120_000, 120_000, 120_000]);
    expect(nextAttemptAt(policy, 1, NOW, NOW + HOUR, null, () => 0)! - NOW).toBe(8_000);
    expect(nextAttemptAt(policy, 1, NOW, NOW + HOUR, null, () => 0.999_999)! - NOW).toBe(12_000);
  });

  it('plans no retry past the deadline', () => {
    expect(nextAttemptAt(DEFAULT_RETRY_POLICY, 5, NOW, NOW + 29 * 60_000, null, () => 0.5)).toBeNull();
    expect(nextAttemptAt(DEFAULT_RETRY_POLICY, 5, NOW, NOW + 30 * 60_000, null, () => 0.5)).toBe(NOW + 30 * 60_000);
  });

  it("takes the receiver's Retry-After instead of the schedule (at least a second)", () => {
    expect(nextAttemptAt(DEFAULT_RETRY_POLICY, 1, NOW, NOW + HOUR, 45_000, () => 0)).toBe(NOW + 45_000);
    expect(nextAttemptAt(DEFAULT_RETRY_POLICY, 1, NOW, NOW + HOUR, 0)).toBe(NOW + 1000);
    expect(nextAttemptAt(DEFAULT_RETRY_POLICY, 1, NOW, NOW + HOUR, 2 * HOUR)).toBeNull();
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(parseRetryAfter('soon', NOW)).toBeNull();
    expect(parseRetryAfter(null, NOW)).toBeNull();
  });

  it('does not retry a 4xx other than 408 and 429', () => {
    expect([400, 401, 403, 404, 410, 422].every(isFinalHttpStatus)).toBe(true);
    expect([408, 429, 500, 502, 503, 504].some(isFinalHttpStatus)).toBe(false);
  });

  it('reads its settings from the environment, and refuses what it cannot read', () => {
    const policy = (env: NodeJS.ProcessEnv) => retryPolicyFrom(readEnvironment('worker', env));
    expect(policy({})).toEqual(DEFAULT_RETRY_POLICY);
    expect(policy({ DELIVERY_RETRY_SCHEDULE: '10s, 30s,2m,10m,30m', DELIVERY_RETRY_DEADLINE: '1h', DELIVERY_RETRY_JITTER: '0.2' })).toEqual({
      scheduleMs: [10_000, 30_000, 120_000, 600_000, 1_800_000],
      deadlineMs: HOUR,
      jitter: 0.2,
    });
    expect(policy({ DELIVERY_RETRY_DEADLINE: '500ms' }).deadlineMs).toBe(500);
    expect(policy({ DELIVERY_RETRY_DEADLINE: '250' }).deadlineMs).toBe(250);
    expect(() => policy({ DELIVERY_RETRY_SCHEDULE: '10s,soon' })).toThrow(
      "DELIVERY_RETRY_SCHEDULE must be a comma-separated list of positive waits such as 10s,30s,2m, got '10s,soon'",
    );
    expect(() => policy({ DELIVERY_RETRY_SCHEDULE: '0s' })).toThrow('positive waits');
    expect(() => policy({ DELIVERY_RETRY_JITTER: '1.5' })).toThrow('DELIVERY_RETRY_JITTER');
  });
});
