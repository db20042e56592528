import { describe, expect, it } from 'vitest';
import { LINE_OPTIONS, formatLine, isLineOption } from './line';

describe('LINE_OPTIONS', () => {
  it('runs from -18 to 18 in steps of 0.5, as thousandths', () => {
    expect(LINE_OPTIONS).toHaveLength(73);
    expect(LINE_OPTIONS[0]).toEqual({ value: -18000, label: '-18' });
    expect(LINE_OPTIONS[1]).toEqual({ value: -17500, label: '-17.5' });
    expect(LINE_OPTIONS[36]).toEqual({ value: 0, label: '0' });
    expect(LINE_OPTIONS[72]).toEqual({ value: 18000, label: '18' });
  });
});

describe('isLineOption', () => {
  it('accepts the options only', () => {
    expect(isLineOption(2500)).toBe(true);
    expect(isLineOption(-18000)).toBe(true);
    expect(isLineOption(2250)).toBe(false);
    expect(isLineOption(18500)).toBe(false);
    expect(isLineOption(2.5)).toBe(false);
  });
});

describe('formatLine', () => {
  it('shows decimals without trailing zeros', () => {
    expect(formatLine(-2500)).toBe('-2.5');
    expect(formatLine(3000)).toBe('3');
  });
});
