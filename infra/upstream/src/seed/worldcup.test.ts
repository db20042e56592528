import { describe, expect, it } from 'vitest';
import { kickOff, loadWorldCup } from './worldcup';

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
});
