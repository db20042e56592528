import { describe, expect, it } from 'vitest';
import { formatOdds, fromThousandths, toThousandths } from './odds';

describe('toThousandths', () => {
  it('scales decimal odds and lines', () => {
    expect(toThousandths(2.15)).toBe(2150);
    expect(toThousandths(1)).toBe(1000);
    expect(toThousandths(-2.5)).toBe(-2500);
    expect(toThousandths(0)).toBe(0);
  });
  it('rounds half away from zero despite floating-point noise', () => {
    expect(toThousandths(1.0005)).toBe(1001);
    expect(toThousandths(-1.0005)).toBe(-1001);
    expect(toThousandths(2.1504)).toBe(2150);
    expect(toThousandths(2.1506)).toBe(2151);
  });
  it('never gives -0', () => {
    expect(Object.is(toThousandths(-0.0001), 0)).toBe(true);
  });
  it('rejects non-finite numbers', () => {
    expect(() => toThousandths(Number.NaN)).toThrow(RangeError);
    expect(() => toThousandths(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('fromThousandths', () => {
  it('gives decimal odds', () => {
    expect(fromThousandths(2150)).toBe(2.15);
    expect(fromThousandths(-18000)).toBe(-18);
  });
  it('round-trips', () => {
    for (const t of [1001, 1333, 2150, 12500, 1_000_000]) expect(toThousandths(fromThousandths(t))).toBe(t);
  });
  it('rejects fractions and non-finite numbers', () => {
    expect(() => fromThousandths(2150.5)).toThrow(RangeError);
    expect(() => fromThousandths(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatOdds', () => {
  it('shows two decimals, three when needed', () => {
    expect(formatOdds(2150)).toBe('2.15');
    expect(formatOdds(2000)).toBe('2.00');
    expect(formatOdds(2155)).toBe('2.155');
  });
});
