import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, parseDate } from './format';

describe('dates', () => {
  it('writes and reads YYYY-MM-DD', () => {
    expect(formatDate(new Date(2018, 5, 7))).toBe('2018-06-07');
    expect(parseDate('2018-06-07')).toEqual(new Date(2018, 5, 7));
  });

  it('refuses what is not a calendar date', () => {
    expect(parseDate('2018-02-30')).toBeNull();
    expect(parseDate('7/6/2018')).toBeNull();
  });

  it('shows a timestamp as local date and time', () => {
    const local = new Date(2018, 5, 17, 15, 4);
    expect(formatDateTime(local.toISOString())).toBe('2018-06-17 15:04');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime(new Date(2026, 10, 26, 21, 22, 4).toISOString(), { seconds: true })).toBe('2026-11-26 21:22:04');
  });
});
