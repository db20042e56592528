import { describe, expect, it } from 'vitest';
import type { MatchResult } from '@odds/protocol';
import { matchDate, matchPhase, playingMinute, scoreline, shownScore, type PhaseInputs } from './matchPhase';

const NOW = Date.parse('2026-11-24T18:00:00Z');
const inputs = (over: Partial<PhaseInputs>): PhaseInputs => ({ match: null, live: null, lastPeriodEvent: null, latestClock: null, now: NOW, ...over });
const live = (over: Partial<NonNullable<PhaseInputs['live']>> = {}): NonNullable<PhaseInputs['live']> => ({
  status: 'LIVE',
  period: 1,
  score: 'H1-A0',
  match_time: 600,
  result: { regular: { home: 1, away: 0 }, after_extra_time: null, penalties: null },
  ...over,
});
const final2022: MatchResult = { regular: { home: 2, away: 2 }, after_extra_time: { home: 3, away: 3 }, penalties: { home: 4, away: 2 } };

describe('match phase on a wall panel', () => {
  it('says Prematch with the kick-off time for a fixture still to come', () => {
    const phase = matchPhase(inputs({ match: { start: '2026-12-01T20:00:00Z', score: null, result: null } }));
    expect(phase.kind).toBe('prematch');
    expect(phase.detail).toMatch(/^Kick-off \d\d:\d\d$/);
  });

  it('says Live with the playing minute from the newest clock', () => {
    expect(matchPhase(inputs({ live: live(), latestClock: 2040 }))).toMatchObject({ kind: 'live', label: 'Live', detail: '35′' });
    expect(matchPhase(inputs({ live: live({ match_time: 59 }) })).detail).toBe('1′');
  });

  it('says what the feed said of a match out of its course: Abandoned with its score, Postponed before kick-off', () => {
    expect(matchPhase(inputs({ live: live({ status: 'ABANDONED' }) }))).toMatchObject({ kind: 'off', label: 'Abandoned', detail: '1–0' });
    expect(matchPhase(inputs({ live: live({ status: 'POSTPONED', score: 'PRE', result: null }) }))).toMatchObject({
      kind: 'off',
      label: 'Postponed',
      detail: '',
    });
  });

  it('says Half-time after the first period ends, until the second starts', () => {
    const event = { kind: 'period_end' as const, period: 1 };
    expect(matchPhase(inputs({ live: live(), lastPeriodEvent: event }))).toMatchObject({ kind: 'break', label: 'Half-time', detail: '1–0' });
    expect(matchPhase(inputs({ live: live({ period: 2 }), lastPeriodEvent: { kind: 'period_start', period: 2 } })).kind).toBe('live');
  });

  it('says Full-time with the whole result when the feed ended, or for a played fixture with no feed: the same words', () => {
    const ended = matchPhase(inputs({ live: live({ status: 'ENDED', period: 4, score: 'H3-A3', result: final2022 }) }));
    expect(ended).toEqual({ kind: 'fulltime', label: 'Full-time', detail: '3–3 a.e.t., 4–2 pens', result: final2022 });
    const played = matchPhase(
      inputs({
        match: { start: '2022-12-18T15:00:00Z', score: { home: 2, away: 2 }, result: final2022 },
        live: { status: 'PRE', period: 0, score: 'PRE', match_time: null, result: null },
      }),
    );
    expect(played).toEqual(ended);
    expect(shownScore(played, undefined)).toEqual({ score: '3–3', qualifier: 'a.e.t., 4–2 pens' });
  });

  it("shows the newest offer's score in regular time and the feed's result in extra time, where no offer carries the goals", () => {
    expect(shownScore(matchPhase(inputs({ live: live() })), 'H2-A0')).toEqual({ score: '2–0', qualifier: '' });
    const extraTime = matchPhase(
      inputs({
        live: live({ period: 4, match_time: 7000, result: { regular: { home: 2, away: 2 }, after_extra_time: { home: 3, away: 2 }, penalties: null } }),
      }),
    );
    expect(shownScore(extraTime, 'H2-A2')).toEqual({ score: '3–2', qualifier: 'extra time' });
  });

  it('writes dates and scores as people read them', () => {
    expect(matchDate('2022-12-18T15:00:00Z')).toBe('Sun 18 Dec 2022');
    expect(scoreline('H2-A1')).toBe('2–1');
    expect(scoreline('PRE')).toBe('0–0');
    expect(playingMinute(0)).toBe(1);
  });
});
