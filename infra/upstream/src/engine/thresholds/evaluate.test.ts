import { describe, expect, it } from 'vitest';
import type { MarketMeta } from '@odds/protocol';
import { freshState, type OutcomeState } from './arming';
import { evaluateSet, type MarketSituation, type ThresholdSetSpec } from './evaluate';
import { MarketHistory } from './history';

const T0 = Date.parse('2022-12-18T15:00:00Z');
const set: ThresholdSetSpec = {
  id: 1,
  marketId: 1,
  contactId: null,
  type: 'VALUE',
  thresholds: { home: { value: 2500 }, away: { value: 4000 } },
  line: null,
  timedBefore: null,
};

/** Feeds (minute, home odds, away odds) offers through one set; returns what fired and what was held per offer. */
function run(meta: MarketMeta, offers: [number, number, number][], goalAt: number | null = null) {
  const states = new Map<string, OutcomeState>();
  const market: MarketSituation = { meta, history: new MarketHistory(), firings: 0, lastGoalS: goalAt === null ? null : goalAt * 60 };
  return offers.map(([minute, home, away]) => {
    const point = { feedMs: T0 + minute * 60_000, gameS: minute * 60, odds: { home, away } };
    const result = evaluateSet(set, point, market, (o) => states.get(o) ?? states.set(o, freshState()).get(o)!);
    market.history.add(point);
    market.firings += result.fired.length ? 1 : 0;
    return [...result.fired, ...result.held.map((h) => `${h.outcome}:${h.reason}`)].join(' ');
  });
}

describe('threshold set evaluation with market bounds', () => {
  it('fires each outcome on reaching its value, once until it clears', () => {
    // home: 2.40 (no) 2.60 (fires) 2.70 (held) 2.40 (clears) 2.55 (fires again); away reaches 4.00 at minute 3.
    expect(
      run({}, [
        [1, 2400, 3500],
        [2, 2600, 3800],
        [3, 2700, 4000],
        [4, 2400, 4100],
        [5, 2550, 4200],
      ]),
    ).toEqual(['', 'home', 'away', '', 'home']);
  });

  it('holds a ready outcome outside the minutes, records that once, and fires when the bound lifts', () => {
    // first_minute 10: home is ready at minutes 5 and 8 (recorded once), fires at 10.
    expect(
      run({ first_minute: 10 }, [
        [5, 2600, 3000],
        [8, 2650, 3000],
        [10, 2650, 3000],
      ]),
    ).toEqual(['home:OUTSIDE_MINUTES', '', 'home']);
  });

  it('stops at max_threshold firings of the market', () => {
    // Three separate crossings of home, max_threshold 2: the third is held (MAX_THRESHOLD).
    expect(
      run({ max_threshold: 2 }, [
        [1, 2600, 3000],
        [2, 2400, 3000],
        [3, 2600, 3000],
        [4, 2400, 3000],
        [5, 2600, 3000],
      ]),
    ).toEqual(['home', '', 'home', '', 'home:MAX_THRESHOLD']);
  });

  it('keeps the minimum interval (pass_threshold_timeout) between firings of a threshold', () => {
    // 300 s: home fires at minute 1, clears, is ready again at 4 (held: 180 s), fires at 6 (300 s).
    expect(
      run({ pass_threshold_timeout: 300 }, [
        [1, 2600, 3000],
        [2, 2400, 3000],
        [4, 2600, 3000],
        [6, 2600, 3000],
      ]),
    ).toEqual(['home', '', 'home:MIN_INTERVAL', 'home']);
  });

  it('waits send_delay_minutes after a goal', () => {
    // Goal at minute 20, delay 2: ready at 21 (held), fires at 22.
    expect(
      run(
        { send_delay_minutes: 2 },
        [
          [21, 2600, 3000],
          [22, 2600, 3000],
        ],
        20,
      ),
    ).toEqual(['home:SEND_DELAY', 'home']);
  });

  it('needs pass_threshold consecutive offers', () => {
    expect(
      run({ pass_threshold: 2 }, [
        [1, 2600, 3000],
        [2, 2600, 3000],
      ]),
    ).toEqual(['', 'home']);
  });
});
