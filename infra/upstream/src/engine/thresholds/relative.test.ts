import { describe, expect, it } from 'vitest';
import type { RelativeThreshold } from '@odds/protocol';
import { MarketHistory, type PricePoint } from './history';
import { relativeMet } from './relative';

const MIN = 60_000;
const T0 = Date.parse('2022-12-18T15:00:00Z');

/** Points of outcome `home`: [minutes of feed time after T0, match clock seconds, odds]. */
function history(points: [number, number, number][]): MarketHistory {
  const h = new MarketHistory();
  for (const [minutes, gameS, odds] of points) h.add({ feedMs: T0 + minutes * MIN, gameS, odds: { home: odds } });
  return h;
}
const at = (minutes: number, gameS: number, odds: number): PricePoint => ({ feedMs: T0 + minutes * MIN, gameS, odds: { home: odds } });
const met = (t: RelativeThreshold, h: MarketHistory, now: PricePoint) => relativeMet(t, 'home', now, h);

describe('RELATIVE threshold', () => {
  const earlier = history([[0, 0, 2000], [4, 240, 2100], [8, 480, 2300]]);

  it('REAL, VALUE: a rise of 0.30 within 5 minutes of feed time', () => {
    const t: RelativeThreshold = { direction: 'RISE', metric: 'VALUE', value: 300, time_amount: 5, time_unit: 'MINUTES', time_basis: 'REAL' };
    // At minute 9 the window (4..9] holds 2.10 and 2.30: the lowest is 2.10; 2.40 − 2.10 = 0.30 → met.
    expect(met(t, earlier, at(9, 540, 2400))).toBe(true);
    // 2.39 − 2.10 = 0.29 → not met.
    expect(met(t, earlier, at(9, 540, 2390))).toBe(false);
    // At minute 10 the window starts at 5: only 2.30 is in it; 2.40 − 2.30 = 0.10 → not met.
    expect(met(t, earlier, at(10, 600, 2400))).toBe(false);
  });

  it('REAL, PERCENT, DROP: 10 % down from the window\'s highest price', () => {
    const t: RelativeThreshold = { direction: 'DROP', metric: 'PERCENT', value: 10, time_amount: 300, time_unit: 'SECONDS', time_basis: 'REAL' };
    // Window (4..9]: highest 2.30; 10 % of 2.30 is 0.23, so 2.07 is met and 2.08 (9.6 %) is not.
    expect(met(t, earlier, at(9, 540, 2070))).toBe(true);
    expect(met(t, earlier, at(9, 540, 2080))).toBe(false);
    // Rising prices never meet a DROP.
    expect(met(t, earlier, at(9, 540, 2500))).toBe(false);
  });

  it('GAME: the window runs on the match clock, which stands still at half-time', () => {
    // 2.00 at 44:00, then half-time: 17 minutes of feed time pass while the clock stays at 45:00.
    const h = history([[0, 2640, 2000], [2, 2700, 2050], [17, 2700, 2100]]);
    const t: RelativeThreshold = { direction: 'RISE', metric: 'VALUE', value: 400, time_amount: 5, time_unit: 'MINUTES', time_basis: 'GAME' };
    // At clock 47:00 (feed minute 19) the game window (42:00..47:00] still holds 2.00: 2.40 − 2.00 = 0.40 → met.
    expect(met(t, h, at(19, 2820, 2400))).toBe(true);
    // The same on the REAL clock: the window (14..19] holds only 2.10 → 0.30, not met.
    expect(met({ ...t, time_basis: 'REAL' }, h, at(19, 2820, 2400))).toBe(false);
  });

  it('START: against the opening price, and only within the time amount since the first offer', () => {
    const t: RelativeThreshold = { direction: 'RISE', metric: 'VALUE', value: 300, time_amount: 10, time_unit: 'MINUTES', time_basis: 'START' };
    // Opening price 2.00 at minute 0: at minute 9, 2.30 is up 0.30 → met (even though 2.30 was already seen).
    expect(met(t, earlier, at(9, 540, 2300))).toBe(true);
    // At minute 11 more than 10 minutes have passed since the first offer → never met.
    expect(met(t, earlier, at(11, 660, 2900))).toBe(false);
  });

  it('defaults to RISE, VALUE, MINUTES, START and needs an earlier price', () => {
    expect(met({ value: 100, time_amount: 30 }, earlier, at(9, 540, 2100))).toBe(true);
    expect(met({ value: 100, time_amount: 30 }, new MarketHistory(), at(9, 540, 5000))).toBe(false);
  });
});
