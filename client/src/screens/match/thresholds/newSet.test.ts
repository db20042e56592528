import type { MatchMarket, SavedThreshold } from '@odds/protocol';
import { describe, expect, it } from 'vitest';
import { marketDefaultForm, timingSummary } from './newSet';

const market = (thresholds?: Record<string, number>) =>
  ({ id: 5, type: { id: 1, outcomes: ['home', 'draw', 'away'] }, meta: thresholds ? { thresholds } : {} }) as unknown as MatchMarket;
const template = (over: Partial<SavedThreshold>) =>
  ({
    id: 9,
    market_id: 5,
    name: 'Kick-off',
    is_default: true,
    contact: null,
    channel: null,
    line: null,
    type: 'VALUE',
    thresholds: { away: { value: 3100 } },
    ...over,
  }) as SavedThreshold;

describe('a new threshold set', () => {
  it("starts from the market's default template, never with a timing", () => {
    const form = marketDefaultForm(market({ home: 2500 }), [template({ is_default: false, thresholds: { draw: { value: 9000 } } }), template({})]);
    expect(form).toMatchObject({ type: 'VALUE', contactId: null, timedBefore: '' });
    expect(Object.keys(form.outcomes)).toEqual(['away']);
    expect(form.outcomes.away!.value).toBe('3.1');
  });

  it("without a default template, starts from the market settings' threshold values as a VALUE set", () => {
    const form = marketDefaultForm(market({ home: 2500, home_min: 1200, away: 3000 }), [
      template({ market_id: 6 }),
      template({ contact: { id: 1, name: 'Ana' } }),
    ]);
    expect(form.type).toBe('VALUE');
    expect(form.timedBefore).toBe('');
    expect(Object.fromEntries(Object.entries(form.outcomes).map(([k, f]) => [k, f.value]))).toEqual({ home: '2.5', away: '3' });
    expect(marketDefaultForm(market(), []).outcomes).toEqual({});
  });

  it("says a set's timing in its one-line summary", () => {
    expect(timingSummary({ before: 90 })).toBe('timed: 90 min before kick-off');
    expect(timingSummary(null)).toBeNull();
  });
});
