import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { MatchThresholdInput, RELATIVE_THRESHOLD_DEFAULTS } from './thresholds';

describe('MatchThresholdInput', () => {
  it('accepts each type with its own threshold shape', () => {
    expect(Value.Check(MatchThresholdInput, { type: 'VALUE', market_id: 1, thresholds: { home: { value: 2150 } } })).toBe(true);
    expect(Value.Check(MatchThresholdInput, { type: 'RANGE', market_id: 1, thresholds: { home: { from: 1500, to: 2000 } } })).toBe(true);
    expect(
      Value.Check(MatchThresholdInput, {
        type: 'RELATIVE',
        market_id: 1,
        line: -2500,
        saveAsTemplate: 'Late drift',
        saveAsTemplateDefault: true,
        thresholds: { away: { ...RELATIVE_THRESHOLD_DEFAULTS, value: 10, time_amount: 5 } },
      }),
    ).toBe(true);
  });
  it('rejects a shape of another type, an unknown type and empty thresholds', () => {
    expect(Value.Check(MatchThresholdInput, { type: 'RANGE', market_id: 1, thresholds: { home: { value: 2150 } } })).toBe(false);
    expect(Value.Check(MatchThresholdInput, { type: 'SPLIT', market_id: 1, thresholds: { home: { value: 2150 } } })).toBe(false);
    expect(Value.Check(MatchThresholdInput, { type: 'VALUE', market_id: 1, thresholds: {} })).toBe(false);
  });
  it('takes odds in thousandths and lines from the options only', () => {
    expect(Value.Check(MatchThresholdInput, { type: 'VALUE', market_id: 1, thresholds: { home: { value: 2.15 } } })).toBe(false);
    expect(Value.Check(MatchThresholdInput, { type: 'VALUE', market_id: 1, line: 2250, thresholds: { home: { value: 2150 } } })).toBe(false);
  });
});
