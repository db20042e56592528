import { describe, expect, it } from 'vitest';
import type { RecordedMessage } from '@odds/protocol';
import { loadWorldCup } from '../data/worldcup';
import { generateFeed } from './generate-feed';

const cup = loadWorldCup(2022);
const final = cup.matches.find((m) => m.round === 'Final')!;
const { header, messages } = generateFeed(cup, final);
const events = (kind: string) => messages.filter((m): m is Extract<RecordedMessage, { type: 'event' }> => m.type === 'event' && m.kind === kind);
const offers = messages.filter((m): m is Extract<RecordedMessage, { type: 'offer' }> => m.type === 'offer');

describe('generated demo feed of the 2022 final', () => {
  it('has the real goals at their real minutes, extra time included', () => {
    // Messi 23' (pen), Di María 36', Mbappé 80' and 81', Messi 108', Mbappé 118': clock (minute − 1) × 60 + 30.
    expect(events('goal').map((g) => [g.player, g.match_time, g.score])).toEqual([
      ['Lionel Messi', 1350, 'H1-A0'],
      ['Ángel Di María', 2130, 'H2-A0'],
      ['Kylian Mbappé', 4770, 'H2-A1'],
      ['Kylian Mbappé', 4830, 'H2-A2'],
      ['Lionel Messi', 6450, 'H3-A2'],
      ['Kylian Mbappé', 7050, 'H3-A3'],
    ]);
    expect(events('match_end')[0]).toMatchObject({ reason: 'penalties 4-2', score: 'H3-A3' });
    expect(header.match).toMatchObject({ home: 'Argentina', away: 'France', event_id: 'wc2022-64', kick_off: '2022-12-18T15:00:00.000Z' });
  });

  it('offers the three markets every 30 s of match clock, with non-decreasing offsets', () => {
    const ofMarket = (typeId: number) => offers.filter((o) => o.market?.type_id === typeId && !o.prematch);
    const clocks = ofMarket(1).map((o) => o.match_time!);
    expect(clocks.slice(0, 3)).toEqual([0, 30, 60]);
    expect(ofMarket(2).length).toBeGreaterThan(100);
    expect(ofMarket(10).length).toBeGreaterThan(100);
    expect(messages.every((m, i) => i === 0 || m.offset_ms >= messages[i - 1]!.offset_ms)).toBe(true);
  });

  it('suspends every market from 10 s before to 60 s after each goal, and for good once the score decides it', () => {
    const suspensions = events('suspension').filter((e) => e.reason === 'goal');
    // Mbappé's goals a minute apart share one window: 4760..4890.
    expect(suspensions.map((e) => [e.match_time, e.suspended])).toEqual([
      [1340, true],
      [1410, false],
      [2120, true],
      [2190, false],
      [4760, true],
      [4890, false],
      [6440, true],
      [6510, false],
      [7040, true],
      [7110, false],
    ]);
    expect(offers.filter((o) => o.suspended).every((o) => o.match_time! >= 1340 && o.match_time! < 4890)).toBe(true);
    expect(
      events('suspension')
        .filter((e) => e.reason === 'settled')
        .map((e) => [e.market?.type_id, e.match_time]),
    ).toEqual([
      [2, 4770],
      [10, 4770],
    ]);
    expect(offers.some((o) => o.market?.type_id === 2 && o.match_time! > 4770)).toBe(false);
  });

  it('prices with the model: Argentina shorter after each of their goals, odds at least 1.01', () => {
    const home = (clock: number) => offers.find((o) => o.market?.type_id === 1 && o.match_time === clock && !o.suspended)!.outcomes[0]!.odds;
    expect(home(1320)).toBeGreaterThan(home(1440));
    expect(offers.every((o) => o.outcomes.every((x) => x.odds >= 1010))).toBe(true);
  });
});
