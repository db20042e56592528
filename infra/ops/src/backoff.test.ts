import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('doubles from the base for each further retry up to the ceiling', () => {
    const backoff = { baseMs: 100, maxMs: 1_000 };
    expect([0, 1, 2, 3, 4, 5, 40, 5_000].map((attempt) => backoffDelay(attempt, backoff))).toEqual([100, 100, 200, 400, 800, 1_000, 1_000, 1_000]);
  });

  it('with equal jitter, waits half the delay fixed and half at random', () => {
    const backoff = { baseMs: 100, maxMs: 1_000, jitter: 'equal' as const };
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, backoff, () => 0))).toEqual([50, 100, 200, 400, 500, 500]);
    expect(backoffDelay(3, backoff, () => 0.999)).toBe(400);
    expect(backoffDelay(3, backoff, () => 0.5)).toBe(300);
  });
});
