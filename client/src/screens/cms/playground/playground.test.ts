import { describe, expect, it } from 'vitest';
import { defaultLeagueId, parseDecimalOdds, simulatedOffer } from './playground';

const matchResult = { type: { id: 1, outcomes: ['home', 'draw', 'away'] }, outcome_mapping: { home: '1', draw: 'X', away: '2' } };

describe('playground', () => {
  it('opens on league 9 where it exists, else the first league', () => {
    expect(defaultLeagueId([{ id: 3 }, { id: 9 }])).toBe(9);
    expect(defaultLeagueId([{ id: 1 }, { id: 3 }])).toBe(1);
    expect(defaultLeagueId([])).toBeNull();
  });

  it('sends decimal odds ×1000 beside the decimals, leaving empty outcomes out', () => {
    expect(simulatedOffer(matchResult, { home: '2.15', draw: '', away: '3,4' }, '10')).toEqual({
      minutes: 10,
      outcomes: [
        { operator_id: 'home', label: '1', oddsDecimal: 2.15, odds: 2150 },
        { operator_id: 'away', label: '2', oddsDecimal: 3.4, odds: 3400 },
      ],
    });
  });

  it('defaults the simulated minutes to 10 and refuses odds below 1', () => {
    expect(simulatedOffer(matchResult, {}, '').minutes).toBe(10);
    expect(simulatedOffer(matchResult, {}, '75').minutes).toBe(75);
    expect(parseDecimalOdds('0.5')).toBeNull();
    expect(parseDecimalOdds('abc')).toBeNull();
    expect(parseDecimalOdds('1.005')).toBe(1.005);
  });
});
