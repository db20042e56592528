import { describe, expect, it } from 'vitest';
import type { MarketMeta } from '@odds/protocol';
import { checkBounds, passCount, type BoundsContext } from './bounds';

const T0 = Date.parse('2022-12-18T15:00:00Z');
const ctx = (over: Partial<BoundsContext> = {}): BoundsContext => ({
  outcome: 'home',
  odds: 2500,
  minute: 30,
  gameS: 1800,
  lastGoalS: null,
  marketFirings: 0,
  feedMs: T0,
  lastFiredMs: null,
  ...over,
});
const reason = (meta: MarketMeta, over: Partial<BoundsContext> = {}) => checkBounds(meta, ctx(over))?.reason ?? null;

describe('market-meta bounds', () => {
  it('first_minute..last_minute, prematch counting as minute 0', () => {
    const meta = { first_minute: 10, last_minute: 80 };
    expect([0, 9, 10, 80, 81].map((minute) => reason(meta, { minute }))).toEqual(['OUTSIDE_MINUTES', 'OUTSIDE_MINUTES', null, null, 'OUTSIDE_MINUTES']);
  });

  it('send_delay_minutes after the last goal, on the match clock', () => {
    const meta = { send_delay_minutes: 3 };
    // Goal at 20:30 (1230 s): held until 23:30 (1410 s).
    expect(reason(meta, { lastGoalS: 1230, gameS: 1409 })).toBe('SEND_DELAY');
    expect(reason(meta, { lastGoalS: 1230, gameS: 1410 })).toBe(null);
    expect(reason(meta, { lastGoalS: null, gameS: 60 })).toBe(null);
  });

  it("the market's {outcome}_min and {outcome}_max", () => {
    const meta = { thresholds: { home: 2500, home_min: 1200, home_max: 8000 } };
    expect([1190, 1200, 8000, 8010].map((odds) => reason(meta, { odds }))).toEqual(['MARKET_ODDS_BOUNDS', null, null, 'MARKET_ODDS_BOUNDS']);
    expect(reason(meta, { outcome: 'away', odds: 50_000 })).toBe(null);
  });

  it('pass_threshold_timeout as a minimum interval between two firings of the threshold', () => {
    const meta = { pass_threshold_timeout: 300 };
    expect(reason(meta, { lastFiredMs: T0 - 299_000 })).toBe('MIN_INTERVAL');
    expect(reason(meta, { lastFiredMs: T0 - 300_000 })).toBe(null);
  });

  it('max_threshold firings of the market per match', () => {
    expect(reason({ max_threshold: 3 }, { marketFirings: 2 })).toBe(null);
    expect(reason({ max_threshold: 3 }, { marketFirings: 3 })).toBe('MAX_THRESHOLD');
    expect(reason({ max_threshold: 0 })).toBe('MAX_THRESHOLD');
  });

  it("names the limit in the operator's words, and reads pass_threshold as a count", () => {
    expect(checkBounds({ max_threshold: 3 }, ctx({ marketFirings: 3 }))?.detail).toBe('market fired 3 of max 3 times in this match');
    expect(checkBounds({ thresholds: { home_max: 8000 } }, ctx({ odds: 9500 }))?.detail).toBe("home odds 9.50 outside the market's …–8.00");
    expect([passCount({}), passCount({ pass_threshold: 0 }), passCount({ pass_threshold: 2.7 })]).toEqual([1, 1, 2]);
  });
});
