import { describe, expect, it } from 'vitest';
import { metaToSave, thresholdKeys, valuesOf } from './marketSettings';

const market = {
  type: { id: 1, outcomes: ['home', 'draw', 'away'] },
  meta: {
    first_minute: 0,
    last_minute: 85,
    send_delay_minutes: 1,
    max_threshold: 3,
    pass_threshold: 1,
    pass_threshold_timeout: 300,
    thresholds: { home: 2500, home_min: 1200, home_max: 8000, away: 3000 },
    market_map: { period: 'FT' },
  },
};

describe('market settings', () => {
  it('offers a value, Min and Max for each threshold key not ending in min or max', () => {
    expect(thresholdKeys(market)).toEqual(['home', 'away']);
    expect(thresholdKeys({ ...market, meta: {} })).toEqual(['home', 'draw', 'away']);
  });

  it('shows odds as decimals and saves them as thousandths, keeping the rest of the meta', () => {
    const values = valuesOf(market);
    expect(values.thresholds).toEqual({ home: 2.5, home_min: 1.2, home_max: 8, away: 3, away_min: null, away_max: null });
    values.thresholds.away_max = 9.5;
    values.settings.last_minute = 80;
    const meta = metaToSave(market, values);
    expect(meta.thresholds).toEqual({ home: 2500, home_min: 1200, home_max: 8000, away: 3000, away_max: 9500 });
    expect(meta).toMatchObject({ last_minute: 80, first_minute: 0, market_map: { period: 'FT' } });
  });
});
