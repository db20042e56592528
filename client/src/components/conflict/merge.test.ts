import { describe, expect, it } from 'vitest';
import { merge3 } from './merge';

describe('three-way merge of a record (co-editing)', () => {
  const base = { type: 'VALUE', thresholds: { home: { value: 2500 }, away: { value: 3000 } }, timed: { before: 90 }, version: 2 };

  it('takes their change of a field I left alone, and keeps mine of another', () => {
    const mine = { ...base, thresholds: { ...base.thresholds, away: { value: 3200 } } };
    const theirs = { ...base, thresholds: { ...base.thresholds, home: { value: 2600 } }, version: 3 };
    expect(merge3(base, mine, theirs)).toEqual({
      merged: { type: 'VALUE', thresholds: { home: { value: 2600 }, away: { value: 3200 } }, timed: { before: 90 }, version: 2 },
      conflicts: [],
    });
  });

  it('lists only the fields both changed to different values, keeping mine there', () => {
    const mine = { ...base, thresholds: { home: { value: 2700 }, away: { value: 3200 } } };
    const theirs = { ...base, thresholds: { home: { value: 2600 }, away: { value: 3200 } } };
    const { merged, conflicts } = merge3(base, mine, theirs);
    expect(conflicts).toEqual(['thresholds.home.value']);
    expect(merged.thresholds).toEqual({ home: { value: 2700 }, away: { value: 3200 } });
  });

  it('merges texts per language (one changes English, the other Danish)', () => {
    const started = { name: 'Goal', content: { en: 'Goal!', da: 'Mål!' }, market_ids: [1, 2] };
    const mine = { ...started, content: { en: 'Goal!!', da: 'Mål!' } };
    const theirs = { ...started, content: { en: 'Goal!', da: 'Mål!!' }, market_ids: [1, 3] };
    expect(merge3(started, mine, theirs)).toEqual({ merged: { name: 'Goal', content: { en: 'Goal!!', da: 'Mål!!' }, market_ids: [1, 3] }, conflicts: [] });
  });

  it('treats a list of ids as one value and a deleted field as a change', () => {
    const started = { market_ids: [1, 2], note: 'x' };
    expect(merge3(started, { market_ids: [1] }, { market_ids: [2, 3], note: 'x' })).toEqual({ merged: { market_ids: [1] }, conflicts: ['market_ids'] });
    expect(merge3(started, { market_ids: [1, 2] }, { market_ids: [1, 2], note: 'x' }).merged).toEqual({ market_ids: [1, 2] });
  });
});
