import type { Offer } from '@odds/protocol';
import { describe, expect, it } from 'vitest';
import { axisTimes, goalMarks, minuteLabel, outcomeKeys, outcomeSeries, withFeedGoals } from './chartData';

const offer = (id: number, minute: number | null, score: string, map: Record<string, number>) =>
  ({ id, match_time: minute === null ? null : minute * 60, prematch: minute === null, score, outcome_map: map }) as Offer;

describe('graph data', () => {
  const offers = [
    offer(1, null, 'PRE', { home: 2100, draw: 3200, away: 3500 }),
    offer(2, 10, 'H0-A0', { home: 2000, draw: 3300, away: 3600 }),
    offer(3, 10, 'H0-A0', { home: 1950, draw: 3300, away: 3700 }),
    offer(4, 23, 'H1-A0', { home: 1400, draw: 4500, away: 7000 }),
  ];

  it('draws one line per outcome against match minutes, one point per time', () => {
    expect(outcomeKeys(offers)).toEqual(['home', 'draw', 'away']);
    const lines = outcomeSeries(offers, ['home', 'draw', 'away']);
    expect(lines.home).toEqual([
      { time: 0, value: 2.1 },
      { time: 600, value: 1.95 },
      { time: 1380, value: 1.4 },
    ]);
  });

  it('marks a goal where the score changes', () => {
    expect(goalMarks(offers)).toEqual([{ time: 1380, score: 'H1-A0' }]);
  });

  it('spans 0 to 100 minutes with minute labels', () => {
    const axis = axisTimes();
    expect([axis[0], axis.at(-1)]).toEqual([0, 6000]);
    expect(minuteLabel(2730)).toBe("45'");
    // Extra time's goals need their minutes on the axis; never shorter than 100 minutes.
    expect(axisTimes(121).at(-1)).toBe(121 * 60);
    expect(axisTimes(30).at(-1)).toBe(6000);
  });

  it("adds the feed's goals that no offer carries (extra time), once each, in time order", () => {
    const feed = [
      { time: 1350, score: 'H1-A0' },
      { time: 6450, score: 'H3-A2' },
      { time: 7050, score: 'H3-A3' },
    ];
    expect(withFeedGoals(goalMarks(offers), feed)).toEqual([{ time: 1380, score: 'H1-A0' }, ...feed.slice(1)]);
    expect(withFeedGoals(goalMarks(offers), [])).toEqual(goalMarks(offers));
  });
});
