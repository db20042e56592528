import { describe, expect, it } from 'vitest';
import type { RelativeThreshold } from '@odds/protocol';
import { MarketHistory, type PricePoint } from './history';
import { relativeCheck, relativeMet } from './relative';

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
  const earlier = history([
    [0, 0, 2000],
    [4, 240, 2100],
    [8, 480, 2300],
  ]);

  it('REAL, VALUE: a rise of 0.30 within 5 minutes of feed time', () => {
    const t: RelativeThreshold = { direction: 'RISE', metric: 'VALUE', value: 300, time_amount: 5, time_unit: 'MINUTES', time_basis: 'REAL' };
    // At minute 9 the window (4..9] holds 2.10 and 2.30: the lowest is 2.10; 2.40 − 2.10 = 0.30 → met.
    expect(met(t, earlier, at(9, 540, 2400))).toBe(true);
    // 2.39 − 2.10 = 0.29 → not met.
    expect(met(t, earlier, at(9, 540, 2390))).toBe(false);
    // At minute 10 the window starts at 5: only 2.30 is in it; 2.40 − 2.30 = 0.10 → not met.
    expect(met(t, earlier, at(10, 600, 2400))).toBe(false);
  });

  it("REAL, PERCENT, DROP: 10 % down from the window's highest price", () => {
    const t: RelativeThreshold = { direction: 'DROP', metric: 'PERCENT', value: 10, time_amount: 300, time_unit: 'SECONDS', time_basis: 'REAL' };
    // Window (4..9]: highest 2.30; 10 % of 2.30 is 0.23, so 2.07 is met and 2.08 (9.6 %) is not.
    expect(met(t, earlier, at(9, 540, 2070))).toBe(true);
    expect(met(t, earlier, at(9, 540, 2080))).toBe(false);
    // Rising prices never meet a DROP.
    expect(met(t, earlier, at(9, 540, 2500))).toBe(false);
  });

  it('GAME: the window runs on the match clock, which stands still at half-time', () => {
    // 2.00 at 44:00, then half-time: 17 minutes of feed time pass while the clock stays at 45:00.
    const h = history([
      [0, 2640, 2000],
      [2, 2700, 2050],
      [17, 2700, 2100],
    ]);
    const t: RelativeThreshold = { direction: 'RISE', metric: 'VALUE', value: 400, time_amount: 5, time_unit: 'MINUTES', time_basis: 'GAME' };
    // At clock 47:00 (feed minute 19) the game window (42:00..47:00] still holds 2.00: 2.40 − 2.00 = 0.40 → met.
    expect(met(t, h, at(19, 2820, 2400))).toBe(true);
    // The same on the REAL clock: the window (14..19] holds only 2.10 → 0.30, not met.
    expect(met({ ...t, time_basis: 'REAL' }, h, at(19, 2820, 2400))).toBe(false);
  });

  it('START in play: against the price at kick-off, while the match clock is within the time amount', () => {
    const t: RelativeThreshold = { direction: 'RISE', metric: 'VALUE', value: 300, time_amount: 10, time_unit: 'MINUTES', time_basis: 'START' };
    // First price 2.00 at clock 0: at 9:00, 2.30 is up 0.30 → met (even though 2.30 was already seen).
    expect(met(t, earlier, at(9, 540, 2300))).toBe(true);
    // At 11:00 on the match clock the 10 minutes are over → never met.
    expect(met(t, earlier, at(11, 660, 2900))).toBe(false);
  });

  it('START counts from kick-off, not from the first prematch offer; the reference is the price at kick-off', () => {
    const t: RelativeThreshold = { direction: 'RISE', metric: 'VALUE', value: 300, time_amount: 40, time_unit: 'MINUTES', time_basis: 'START' };
    // The feed opens 10 minutes before kick-off at 1.90, 2.00 at kick-off (feed minute 10, prematch).
    const h = new MarketHistory();
    h.add({ feedMs: T0, gameS: 0, odds: { home: 1900 }, prematch: true });
    h.add({ feedMs: T0 + 10 * MIN, gameS: 0, odds: { home: 2000 }, prematch: true });
    const inPlay = (minute: number, odds: number): PricePoint => ({
      feedMs: T0 + (10 + minute) * MIN,
      gameS: minute * 60,
      odds: { home: odds },
      prematch: false,
    });
    // 35 minutes into the match (45 since the first offer): still within 40 minutes of play.
    expect(relativeCheck(t, 'home', inPlay(35, 2300), h)).toEqual({ met: true, reference: { odds: 2000, feedMs: T0 + 10 * MIN } });
    // 2.20 is 0.30 above the first prematch price but only 0.20 above kick-off: not met.
    expect(met(t, h, inPlay(35, 2200))).toBe(false);
    expect(met(t, h, inPlay(41, 2500))).toBe(false);
    // Before kick-off: from the first offer, on the feed clock.
    expect(met(t, h, { feedMs: T0 + 9 * MIN, gameS: 0, odds: { home: 2200 }, prematch: true })).toBe(true);
    expect(met(t, h, { feedMs: T0 + 41 * MIN, gameS: 0, odds: { home: 2200 }, prematch: true })).toBe(false);
  });

  it('a goal restarts the reference: the window never reaches back past it', () => {
    // The case: away 3.13 before the goal, 7.43 after it; RISE 0.20 within 4 min.
    const t: RelativeThreshold = { direction: 'RISE', metric: 'VALUE', value: 200, time_amount: 4, time_unit: 'MINUTES', time_basis: 'GAME' };
    const h = new MarketHistory();
    h.add({ feedMs: T0 + 20 * MIN, gameS: 1200, odds: { home: 3130 }, goals: 0 });
    const after = (minute: number, odds: number): PricePoint => ({ feedMs: T0 + minute * MIN, gameS: minute * 60, odds: { home: odds }, goals: 1 });
    // First offer after the goal: nothing earlier in its stretch → no reference, not met.
    expect(relativeCheck(t, 'home', after(23, 7430), h)).toEqual({ met: false, reference: null });
    h.add(after(23, 7430));
    // The next move is measured from the first post-goal price: 7.43 → 7.50 is 0.07, not met; 7.70 is.
    expect(met(t, h, after(24, 7500))).toBe(false);
    expect(relativeCheck(t, 'home', after(24, 7700), h)).toEqual({ met: true, reference: { odds: 7430, feedMs: T0 + 23 * MIN } });
    // START too restarts after a goal (in play, within its time amount).
    expect(relativeCheck({ ...t, time_basis: 'START', time_amount: 90 }, 'home', after(24, 7700), h).reference).toEqual({ odds: 7430, feedMs: T0 + 23 * MIN });
  });

  it('on a dynamic-line market compares only offers of the same line: a line switch starts a new reference', () => {
    const t: RelativeThreshold = { direction: 'RISE', metric: 'PERCENT', value: 10, time_amount: 10, time_unit: 'MINUTES', time_basis: 'REAL' };
    const h = new MarketHistory();
    h.add({ feedMs: T0, gameS: 600, odds: { home: 1300 }, line: -500 });
    const atLine = (minute: number, odds: number, line: number): PricePoint => ({
      feedMs: T0 + minute * MIN,
      gameS: 600 + minute * 60,
      odds: { home: odds },
      line,
    });
    // −0.5 → −1: 1.30 → 1.55 is "+19 %" across lines: not a move, no reference.
    expect(relativeCheck(t, 'home', atLine(1, 1550, -1000), h)).toEqual({ met: false, reference: null });
    h.add(atLine(1, 1550, -1000));
    // At −1, 1.55 → 1.71 (+10.3 %) is a move.
    expect(met(t, h, atLine(2, 1710, -1000))).toBe(true);
    // Back to −0.5 after −1: the stretch at −0.5 starts again.
    expect(relativeCheck(t, 'home', atLine(3, 1450, -500), h)).toEqual({ met: false, reference: null });
  });

  it('defaults to RISE, VALUE, MINUTES, START and needs an earlier price', () => {
    expect(met({ value: 100, time_amount: 30 }, earlier, at(9, 540, 2100))).toBe(true);
    expect(met({ value: 100, time_amount: 30 }, new MarketHistory(), at(9, 540, 5000))).toBe(false);
  });
});
