import { describe, expect, it } from 'vitest';
import { formatGameClock, formatMatchMinute, inferPeriod, matchMinuteParts } from './match-time';

describe('inferPeriod', () => {
  it('puts up to 45 in period 1, later in period 2', () => {
    expect(inferPeriod(0)).toBe(1);
    expect(inferPeriod(45)).toBe(1);
    expect(inferPeriod(46)).toBe(2);
  });
  it('rejects what is not a minute', () => {
    expect(() => inferPeriod(-1)).toThrow(RangeError);
    expect(() => inferPeriod(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatMatchMinute', () => {
  it('shows stoppage time of period 1 as 45+n when the period is given', () => {
    expect(formatMatchMinute(47, 1)).toBe('45+2');
    expect(formatMatchMinute(45, 1)).toBe('45');
  });
  it('shows minutes beyond 90 in period 2 as 90+n', () => {
    expect(formatMatchMinute(93, 2)).toBe('90+3');
    expect(formatMatchMinute(93)).toBe('90+3');
  });
  it('infers the period when not given', () => {
    expect(formatMatchMinute(47)).toBe('47');
    expect(formatMatchMinute(12)).toBe('12');
  });
});

describe('matchMinuteParts', () => {
  it('splits a minute into the parts a stat event stores', () => {
    expect(matchMinuteParts(47, 1)).toEqual({ period: 1, game_time: 45, extra_time: 2 });
    expect(matchMinuteParts(47)).toEqual({ period: 2, game_time: 47, extra_time: 0 });
    expect(matchMinuteParts(95, 2)).toEqual({ period: 2, game_time: 90, extra_time: 5 });
  });
});

describe('formatGameClock', () => {
  it('shows PREMATCH before kick-off', () => {
    expect(formatGameClock(null)).toBe('PREMATCH');
    expect(formatGameClock(120, true)).toBe('PREMATCH');
  });
  it('shows the clock as mm:ss', () => {
    expect(formatGameClock(0)).toBe('00:00');
    expect(formatGameClock(754)).toBe('12:34');
    expect(formatGameClock(6005.7)).toBe('100:05');
  });
  it('rejects negative or non-finite times', () => {
    expect(() => formatGameClock(-1)).toThrow(RangeError);
    expect(() => formatGameClock(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
