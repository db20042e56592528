import { describe, expect, it } from 'vitest';
import { relativeSummary } from './thresholdSummary';

describe('RELATIVE threshold summary', () => {
  it('names the metric, the unit and the basis', () => {
    expect(relativeSummary('draw', { direction: 'RISE', metric: 'VALUE', value: 300, time_amount: 10, time_unit: 'MINUTES', time_basis: 'START' })).toBe(
      'draw RISE 0.30 (value) in 10 min (start)',
    );
    expect(relativeSummary('home', { direction: 'DROP', metric: 'PERCENT', value: 25, time_amount: 30, time_unit: 'SECONDS', time_basis: 'GAME' })).toBe(
      'home DROP 25% (percent) in 30 s (game)',
    );
  });
});
