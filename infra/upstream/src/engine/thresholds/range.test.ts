import { describe, expect, it } from 'vitest';
import { rangeMet } from './range';

describe('RANGE threshold', () => {
  it('is met when the odds lie within from..to, both ends included', () => {
    const t = { from: 1800, to: 2200 };
    expect([1790, 1800, 2000, 2200, 2210].map((odds) => rangeMet(t, odds))).toEqual([false, true, true, true, false]);
  });
});
