import { describe, expect, it } from 'vitest';
import type { MatchResult } from '../entities/match';
import { finalScore, formatRegularAndResult, formatRegularTime, formatResult, resultFromFeed, resultOf, resultQualifier } from './result';

const final2022: MatchResult = { regular: { home: 2, away: 2 }, after_extra_time: { home: 3, away: 3 }, penalties: { home: 4, away: 2 } };
const plain: MatchResult = { regular: { home: 2, away: 0 }, after_extra_time: null, penalties: null };
const extraTimeOnly: MatchResult = { regular: { home: 1, away: 1 }, after_extra_time: { home: 2, away: 1 }, penalties: null };

describe('formatResult', () => {
  it('writes a match decided in regular time as its score', () => {
    expect(formatResult(plain)).toBe('2–0');
    expect(formatRegularTime(plain)).toBe('2–0');
    expect(formatRegularAndResult(plain)).toBe('2–0');
    expect(resultQualifier(plain)).toBe('');
  });

  it('writes extra time as a.e.t.', () => {
    expect(formatResult(extraTimeOnly)).toBe('2–1 a.e.t.');
    expect(finalScore(extraTimeOnly)).toEqual({ home: 2, away: 1 });
  });

  it('writes the 2022 final with its extra time and shoot-out, and labels its 90-minute score', () => {
    expect(formatResult(final2022)).toBe('3–3 a.e.t., 4–2 pens');
    expect(resultQualifier(final2022)).toBe('a.e.t., 4–2 pens');
    expect(formatRegularTime(final2022)).toBe('2–2 at 90′');
    expect(formatRegularAndResult(final2022)).toBe('2–2 at 90′ (3–3 a.e.t., 4–2 pens)');
  });

  it('writes a shoot-out straight after regular time without a.e.t.', () => {
    const straightToPens = { regular: { home: 1, away: 1 }, after_extra_time: null, penalties: { home: 5, away: 4 } };
    expect(formatResult(straightToPens)).toBe('1–1, 5–4 pens');
    expect(resultQualifier(straightToPens)).toBe('5–4 pens');
  });
});

describe('resultOf', () => {
  it('builds a result from stored columns, null when not played', () => {
    expect(resultOf({ home: 2, away: 2 }, { home: 3, away: 3 }, { home: 4, away: 2 })).toEqual(final2022);
    expect(resultOf({ home: 2, away: 0 }, { home: null, away: null }, { home: null, away: null })).toEqual(plain);
    expect(resultOf({ home: null, away: null }, { home: 3, away: 3 }, { home: null, away: null })).toBeNull();
  });
});

describe('resultFromFeed', () => {
  it('is null before kick-off', () => {
    expect(resultFromFeed([])).toBeNull();
    expect(resultFromFeed([{ kind: 'suspension', period: 0, score: null }])).toBeNull();
  });

  it('follows regular time goal by goal', () => {
    expect(
      resultFromFeed([
        { kind: 'period_start', period: 1, score: 'H0-A0' },
        { kind: 'goal', period: 1, score: 'H1-A0' },
      ]),
    ).toEqual({ regular: { home: 1, away: 0 }, after_extra_time: null, penalties: null });
    expect(resultFromFeed([{ kind: 'period_start', period: 1, score: 'H0-A0' }])).toEqual({
      regular: { home: 0, away: 0 },
      after_extra_time: null,
      penalties: null,
    });
  });

  it('keeps the 90-minute score apart from extra time and reads the shoot-out of the match end (the 2022 final)', () => {
    const events = [
      { kind: 'period_start', period: 1, score: 'H0-A0' },
      { kind: 'goal', period: 1, score: 'H1-A0' },
      { kind: 'goal', period: 1, score: 'H2-A0' },
      { kind: 'period_end', period: 1, score: 'H2-A0' },
      { kind: 'goal', period: 2, score: 'H2-A1' },
      { kind: 'goal', period: 2, score: 'H2-A2' },
      { kind: 'period_end', period: 2, score: 'H2-A2' },
      { kind: 'period_start', period: 3, score: 'H2-A2' },
    ];
    expect(resultFromFeed(events)).toEqual({ regular: { home: 2, away: 2 }, after_extra_time: { home: 2, away: 2 }, penalties: null });
    expect(
      resultFromFeed([
        ...events,
        { kind: 'suspension', period: 4, score: null },
        { kind: 'goal', period: 4, score: 'H3-A2' },
        { kind: 'goal', period: 4, score: 'H3-A3' },
        { kind: 'period_end', period: 4, score: 'H3-A3' },
        { kind: 'match_end', period: 4, score: 'H3-A3', penalties: { home: 4, away: 2 } },
      ]),
    ).toEqual(final2022);
  });

  it('ends a match of regular time at its match end', () => {
    expect(
      resultFromFeed([
        { kind: 'period_start', period: 1, score: 'H0-A0' },
        { kind: 'goal', period: 2, score: 'H0-A1' },
        { kind: 'match_end', period: 2, score: 'H0-A1' },
      ]),
    ).toEqual({ regular: { home: 0, away: 1 }, after_extra_time: null, penalties: null });
  });
});
