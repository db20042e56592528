import type { MatchThresholdSet, Offer } from '@odds/protocol';
import { describe, expect, it } from 'vitest';
import { closestSet } from './closest';

const offer = {
  id: 9,
  match_id: 1,
  market_id: 3,
  market: { id: 3, name: 'Match Result' },
  outcome_map: { home: 2100, draw: 3300, away: 2900 },
  odds: [{ label: '1', line: null, odds: 2100 }],
  score: 'H0-A0',
  prematch: false,
  match_time: 600,
  status: 'SKIPPED',
} as unknown as Offer;
const base = { match_id: 1, market_id: 3, market: { id: 3, name: 'Match Result' }, contact_id: null, contact: null, line: null, timed: null };
const set = (id: number, rest: object) => ({ ...base, id, ...rest }) as MatchThresholdSet;

describe('closestSet', () => {
  it('picks the VALUE or RANGE outcome that lacked least, and says by how much', () => {
    const sets = [
      set(1, { type: 'VALUE', thresholds: { away: { value: 3000 } } }),
      set(2, { type: 'RANGE', thresholds: { home: { from: 2500, to: 2800 } } }),
      set(3, { type: 'RELATIVE', thresholds: { away: { value: 10, time_amount: 5 } } }),
    ];
    const closest = closestSet(offer, sets)!;
    expect(closest.set.id).toBe(1);
    expect(closest.text).toBe('Closest: the VALUE set for any contact (away ≥ 3.00) at 2.90 was 3.3 % short.');
  });

  it('says when a condition was met without firing, and leaves out other markets, other lines and RELATIVE', () => {
    expect(closestSet(offer, [set(4, { type: 'RANGE', thresholds: { draw: { from: 3000, to: 3500 } } })])!.text).toMatch(/met its condition, yet did not fire/);
    expect(closestSet(offer, [set(5, { type: 'VALUE', market_id: 4, thresholds: { away: { value: 3000 } } })])).toBeNull();
    expect(closestSet(offer, [set(6, { type: 'VALUE', line: -500, thresholds: { away: { value: 3000 } } })])).toBeNull();
    expect(closestSet(offer, [set(7, { type: 'RELATIVE', thresholds: { away: { value: 10, time_amount: 5 } } })])).toBeNull();
  });
});
