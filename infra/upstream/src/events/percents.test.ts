import { describe, expect, it } from 'vitest';
import { wholePercents } from './apex';

describe('outcome ratios as whole percentages (stats 2)', () => {
  it('add up to 100 where rounding each alone would not', () => {
    // 1/3 each: rounded alone 33 + 33 + 33 = 99.
    expect(wholePercents([1, 1, 1], 3)).toEqual([34, 33, 33]);
    // 2, 2 and 3 of 7: rounded alone 29 + 29 + 43 = 101.
    expect(wholePercents([2, 2, 3], 7)).toEqual([29, 28, 43]);
    for (const counts of [
      [25, 14, 25],
      [7, 0, 4],
      [1, 2, 3, 4, 5, 6],
      [13, 13, 13],
    ]) {
      const total = counts.reduce((a, b) => a + b, 0);
      const percents = wholePercents(counts, total);
      expect(percents.reduce((a, b) => a + b, 0)).toBe(100);
      // Each is its exact share rounded down or up, never further.
      for (const [i, p] of percents.entries()) expect(Math.abs(p - (counts[i]! / total) * 100)).toBeLessThan(1);
    }
  });

  it('are all 0 when nothing settled', () => {
    expect(wholePercents([0, 0, 0], 0)).toEqual([0, 0, 0]);
  });
});
