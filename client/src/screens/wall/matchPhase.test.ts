import { describe, expect, it } from 'vitest';
import { matchDate, matchPhase, playingMinute, scoreline, type PhaseInputs } from './matchPhase';

const NOW = Date.parse('2026-11-24T18:00:00Z');
const inputs = (over: Partial<PhaseInputs>): PhaseInputs => ({ match: null, live: null, lastPeriodEvent: null, latestClock: null, now: NOW, ...over });
const live = (over: Partial<NonNullable<PhaseInputs['live']>> = {}) => ({ status: 'LIVE' as const, period: 1, score: 'H1-A0', match_time: 600, ...over });

describe('match phase on a wall panel', () => {
  it('says Prematch with the kick-off time for a fixture still to come', () => {
    const phase = matchPhase(inputs({ match: { start: '2026-12-01T20:00:00Z', score: null } }));
    expect(phase.kind).toBe('prematch');
    expect(phase.detail).toMatch(/^Kick-off \d\d:\d\d$/);
  });

  it('says Live with the playing minute from the newest clock', () => {
    expect(matchPhase(inputs({ live: live(), latestClock: 2040 }))).toEqual({ kind: 'live', label: 'Live', detail: '35′' });
    expect(matchPhase(inputs({ live: live({ match_time: 59 }) })).detail).toBe('1′');
  });

  it('says Half-time after the first period ends, until the second starts', () => {
    const event = { kind: 'period_end' as const, period: 1 };
    expect(matchPhase(inputs({ live: live(), lastPeriodEvent: event }))).toEqual({ kind: 'break', label: 'Half-time', detail: '1 – 0' });
    expect(matchPhase(inputs({ live: live({ period: 2 }), lastPeriodEvent: { kind: 'period_start', period: 2 } })).kind).toBe('live');
  });

  it('says Full-time with the final score when the feed ended, or for a played fixture with no feed', () => {
    expect(matchPhase(inputs({ live: live({ status: 'ENDED', score: 'H3-A3' }) }))).toEqual({ kind: 'fulltime', label: 'Full-time', detail: '3 – 3' });
    expect(matchPhase(inputs({ match: { start: '2022-12-18T15:00:00Z', score: { home: 3, away: 3 } }, live: { status: 'PRE', period: 0, score: 'PRE', match_time: null } })))
      .toEqual({ kind: 'fulltime', label: 'Full-time', detail: '3 – 3' });
  });

  it('writes dates and scores as people read them', () => {
    expect(matchDate('2022-12-18T15:00:00Z')).toBe('Sun 18 Dec 2022');
    expect(scoreline('H2-A1')).toBe('2 – 1');
    expect(scoreline('PRE')).toBe('0 – 0');
    expect(playingMinute(0)).toBe(1);
  });
});
