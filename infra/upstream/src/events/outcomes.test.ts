import { describe, expect, it } from 'vitest';
import { goalTime } from '../seed/events';
import { MARKET_TYPES, marketTypeDef, settle } from './outcomes';

const score = (home: number | null, away: number | null, htHome: number | null = null, htAway: number | null = null) => ({ home, away, htHome, htAway });
const def = (id: number) => marketTypeDef(id)!;

describe('settle', () => {
  it('settles result types on the final or the half-time score', () => {
    expect(settle(def(1), null, score(5, 0, 2, 0))).toBe('home');
    expect(settle(def(1), null, score(1, 1))).toBe('draw');
    expect(settle(def(7), null, score(3, 1, 0, 0))).toBe('draw');
    expect(settle(def(7), null, score(3, 1))).toBeNull();
    expect(settle(def(12), null, score(1, 1))).toBeNull();
    expect(settle(def(12), null, score(0, 3))).toBe('away');
  });

  it('settles totals and handicaps against lines in thousandths, nothing exactly on the line', () => {
    expect(settle(def(2), 2500, score(2, 1))).toBe('over');
    expect(settle(def(2), 2500, score(1, 1))).toBe('under');
    expect(settle(def(202), 5000, score(3, 2))).toBeNull();
    expect(settle(def(14), -1000, score(2, 1))).toBe('draw');
    expect(settle(def(14), -1000, score(3, 1))).toBe('home');
    expect(settle(def(414), -5500, score(80, 76))).toBe('away');
  });

  it('settles both teams to score and correct scores', () => {
    expect(settle(def(10), null, score(3, 1))).toBe('yes');
    expect(settle(def(11), null, score(3, 1, 0, 1))).toBe('no');
    expect(settle(def(3), null, score(2, 1))).toBe('H2-A1');
    expect(settle(def(3), null, score(7, 0))).toBe('other');
    expect(settle(def(1), null, score(null, null))).toBeNull();
  });

  it('knows one definition per type id, with SPEC §9 evaluators for football', () => {
    expect(new Set(MARKET_TYPES.map((t) => t.id)).size).toBe(MARKET_TYPES.length);
    expect(MARKET_TYPES.filter((t) => t.sportId === 1).map((t) => [t.id, t.evaluator])).toEqual([
      [1, 'win_draw'],
      [2, 'over_under'],
      [3, 'special'],
      [7, 'win_draw'],
      [8, 'over_under'],
      [10, 'yes_no'],
      [11, 'yes_no'],
      [12, 'win_draw'],
      [14, 'special'],
    ]);
  });
});

describe('goalTime', () => {
  it('splits stoppage time and puts extra time in periods 3 and 4', () => {
    expect(goalTime({ name: 'Cheryshev', minute: 90, offset: 1 })).toEqual({ period: 2, game_time: 90, extra_time: 1 });
    expect(goalTime({ name: 'Al-Faraj', minute: 45, offset: 6 })).toEqual({ period: 1, game_time: 45, extra_time: 6 });
    expect(goalTime({ name: 'Gazinsky', minute: 12 })).toEqual({ period: 1, game_time: 12, extra_time: 0 });
    expect(goalTime({ name: 'Kramarić', minute: 100 })).toEqual({ period: 3, game_time: 100, extra_time: 0 });
    expect(goalTime({ name: 'Messi', minute: 108 })).toEqual({ period: 4, game_time: 108, extra_time: 0 });
  });
});
