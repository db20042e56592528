import { describe, expect, it } from 'vitest';
import { valueMet } from './value';

describe('VALUE threshold', () => {
  it('is met when the odds reach the value: at or above it', () => {
    const t = { value: 2500 };
    expect([2490, 2500, 2510, 9000].map((odds) => valueMet(t, odds))).toEqual([false, true, true, true]);
  });

  it("keeps to min..max where given (a FEED contact's band)", () => {
    const t = { value: 2000, min: 2200, max: 3000 };
    // 2.10 reaches the value but is under min; 3.05 is over max; 2.20 and 3.00 are inside, ends included.
    expect([2100, 2200, 2600, 3000, 3050].map((odds) => valueMet(t, odds))).toEqual([false, true, true, true, false]);
  });
});
