import { describe, expect, it } from 'vitest';
import { halfTime, kickOff, loadWorldCup } from './worldcup';

describe('World Cup data', () => {
  it('loads all 64 matches of each tournament', () => {
    expect(loadWorldCup(2018).matches).toHaveLength(64);
    expect(loadWorldCup(2022).matches).toHaveLength(64);
  });

  it('reads kick-off times with and without an explicit offset', () => {
    const opener = loadWorldCup(2018).matches[0]!;
    expect(kickOff(opener, 2018).toISOString()).toBe('2018-06-14T15:00:00.000Z');
    const final = loadWorldCup(2022).matches.find((m) => m.round === 'Final')!;
    expect(kickOff(final, 2022).toISOString()).toBe('2022-12-18T15:00:00.000Z');
  });

  it('has a half-time score for every played match; Ghana - Uruguay 2022 was 0-2', () => {
    for (const year of [2018, 2022] as const) {
      const missing = loadWorldCup(year).matches.filter((m) => m.score?.ft && !halfTime(m)).map((m) => `${m.team1} - ${m.team2}`);
      expect(missing, `${year}`).toEqual([]);
    }
    const ghana = loadWorldCup(2022).matches.find((m) => m.team1 === 'Ghana' && m.team2 === 'Uruguay')!;
    expect(halfTime(ghana)).toEqual([0, 2]);
    const final = loadWorldCup(2022).matches.find((m) => m.round === 'Final')!;
    expect(halfTime(final)).toEqual(final.score!.ht!);
  });
});
