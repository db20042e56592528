import { describe, expect, it } from 'vitest';
import type { MatchThresholdSet } from '@odds/protocol';
import { replaceQuestion, sameSlot, savedSetOf } from './replace';

const set = (fields: Partial<MatchThresholdSet>): MatchThresholdSet =>
  ({
    id: 1,
    version: 1,
    match_id: 9,
    market_id: 1,
    market: { id: 1, name: 'Match Result' },
    contact_id: null,
    contact: null,
    line: null,
    timed: null,
    type: 'VALUE',
    thresholds: { home: { value: 2500 }, draw: { value: 3400 }, away: { value: 3000 } },
    ...fields,
  }) as MatchThresholdSet;

describe('replacing a threshold set', () => {
  it('asks with the existing set, outcomes by name, odds as the editor shows them', () => {
    expect(replaceQuestion(set({}))).toBe('Replace the existing VALUE set (away 3.00, draw 3.40, home 2.50)?');
    expect(replaceQuestion(set({ type: 'RANGE', thresholds: { home: { from: 1800, to: 2400 } } } as Partial<MatchThresholdSet>))).toBe(
      'Replace the existing RANGE set (home 1.80–2.40)?',
    );
  });

  it("opens a market's set for any contact and line first", () => {
    const sets = [set({ id: 2, contact_id: 5 }), set({ id: 3 }), set({ id: 4, market_id: 2 })];
    expect(savedSetOf(sets, 1)!.id).toBe(3);
    expect(savedSetOf(sets, 2)!.id).toBe(4);
    expect(savedSetOf(sets, 7)).toBeUndefined();
  });

  it('knows a save for the same market, contact and line', () => {
    expect(sameSlot(set({}), { market_id: 1 })).toBe(true);
    expect(sameSlot(set({}), { market_id: 1, contact_id: 5 })).toBe(false);
  });
});
