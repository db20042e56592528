import { describe, expect, it } from 'vitest';
import { consentRefusal } from './consent';
import { dailyCapRefusal } from './daily-cap';
import { localClock } from './local-time';
import { isPerson } from './person';
import { inQuietHours, quietRefusal } from './quiet-hours';

const at = (iso: string) => Date.parse(iso);
const QUIET = { start: '22:00', end: '08:00' };

describe('local time', () => {
  it('follows the zone across DST: the day clocks go forward lasts 23 hours, the day they go back 25', () => {
    const spring = localClock(at('2026-03-29T12:00:00Z'), 'Europe/London');
    expect(spring.day).toBe('2026-03-29');
    expect(spring.dayEndMs - spring.dayStartMs).toBe(23 * 3_600_000);
    expect(new Date(spring.dayStartMs).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    const autumn = localClock(at('2026-10-25T12:00:00Z'), 'Europe/London');
    expect(autumn.dayEndMs - autumn.dayStartMs).toBe(25 * 3_600_000);
    expect(new Date(autumn.dayStartMs).toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(localClock(at('2026-07-01T21:30:00Z'), 'Europe/London').minutes).toBe(22 * 60 + 30);
  });
});

describe('quiet hours', () => {
  it('start at their start and end just before their end (both edges), spanning midnight', () => {
    expect(inQuietHours(21 * 60 + 59, QUIET)).toBe(false);
    expect(inQuietHours(22 * 60, QUIET)).toBe(true);
    expect(inQuietHours(3 * 60, QUIET)).toBe(true);
    expect(inQuietHours(7 * 60 + 59, QUIET)).toBe(true);
    expect(inQuietHours(8 * 60, QUIET)).toBe(false);
    expect(inQuietHours(12 * 60, { start: '12:00', end: '14:00' })).toBe(true);
    expect(inQuietHours(14 * 60, { start: '12:00', end: '14:00' })).toBe(false);
  });

  it('are the recipient’s local time: 21:30 UTC is quiet in London in summer (22:30 BST), not in winter (21:30 GMT)', () => {
    expect(quietRefusal(QUIET, 'Europe/London', at('2026-07-01T21:30:00Z'))).toMatchObject({ reason: 'QUIET_HOURS' });
    expect(quietRefusal(QUIET, 'Europe/London', at('2026-12-01T21:30:00Z'))).toBeNull();
    // The night clocks go back (25 Oct 2026, 02:00 BST → 01:00 GMT): 07:30 GMT is still quiet, 08:00 GMT is not.
    expect(quietRefusal(QUIET, 'Europe/London', at('2026-10-24T07:30:00Z'))).toBeNull(); // 08:30 BST
    expect(quietRefusal(QUIET, 'Europe/London', at('2026-10-25T07:30:00Z'))?.detail).toContain('it is 07:30 there');
    expect(quietRefusal(QUIET, 'Europe/London', at('2026-10-25T08:00:00Z'))).toBeNull();
    // Toronto in winter is UTC−5: 02:59 UTC is 21:59 there (not quiet), 03:00 UTC is 22:00 (quiet).
    expect(quietRefusal(QUIET, 'America/Toronto', at('2026-12-01T02:59:00Z'))).toBeNull();
    expect(quietRefusal(QUIET, 'America/Toronto', at('2026-12-01T03:00:00Z'))).toMatchObject({ reason: 'QUIET_HOURS' });
  });

  it('need a time zone and a window', () => {
    expect(quietRefusal(null, 'Europe/London', at('2026-07-01T23:00:00Z'))).toBeNull();
    expect(quietRefusal(QUIET, null, at('2026-07-01T23:00:00Z'))).toBeNull();
  });
});

describe('daily cap', () => {
  it('counts the pushes of the recipient’s local calendar day', () => {
    const pushes = [at('2026-12-01T04:00:00Z'), at('2026-12-01T06:00:00Z'), at('2026-12-01T20:00:00Z')];
    const between = (from: number, to: number) => pushes.filter((t) => t >= from && t < to).length;
    // In Toronto (UTC−5) 04:00Z is still 30 Nov: 1 Dec there holds two pushes so far.
    expect(dailyCapRefusal(2, 'America/Toronto', at('2026-12-01T22:00:00Z'), between)).toMatchObject({
      reason: 'DAILY_CAP',
      detail: expect.stringContaining('2 sent on 2026-12-01'),
    });
    expect(dailyCapRefusal(3, 'America/Toronto', at('2026-12-01T22:00:00Z'), between)).toBeNull();
    // In London all three are on 1 Dec.
    expect(dailyCapRefusal(3, 'Europe/London', at('2026-12-01T22:00:00Z'), between)).toMatchObject({ reason: 'DAILY_CAP' });
    expect(dailyCapRefusal(1, 'Europe/London', at('2026-12-01T22:00:00Z'), between)?.detail).toBe(
      'max 1 push per day reached in Europe/London (3 sent on 2026-12-01)',
    );
    expect(dailyCapRefusal(null, 'Europe/London', at('2026-12-01T22:00:00Z'), between)).toBeNull();
  });
});

describe('consent', () => {
  const given = { channel: 'PUSH' as const, status: 'GIVEN' as const, at: '2026-01-01T00:00:00Z', source: 'sign-up' };
  it('refuses a withdrawn consent always, and none recorded when the provider requires one', () => {
    expect(consentRefusal('PUSH', [given], undefined, true)).toBeNull();
    expect(consentRefusal('PUSH', [{ ...given, status: 'WITHDRAWN' }], undefined, false)).toMatchObject({ reason: 'CONSENT_WITHDRAWN' });
    expect(consentRefusal('PUSH', [], undefined, true)).toMatchObject({ reason: 'NO_CONSENT' });
    expect(consentRefusal('PUSH', [], undefined, false)).toBeNull();
    expect(consentRefusal('EMAIL', [given], undefined, true)).toMatchObject({ reason: 'NO_CONSENT' });
  });
  it('refuses a withdrawal recorded either on the contact or at the sportsbook; a consent given at the sportsbook counts', () => {
    expect(consentRefusal('PUSH', [given], false, false)).toMatchObject({ reason: 'CONSENT_WITHDRAWN' });
    expect(consentRefusal('PUSH', [{ ...given, status: 'WITHDRAWN' }], true, true)).toMatchObject({ reason: 'CONSENT_WITHDRAWN' });
    expect(consentRefusal('PUSH', [], true, true)).toBeNull();
  });
});

describe('person or many', () => {
  const base = { email: null, deviceId: null, mobile: null, segment: null, listId: null };
  it('a device, an email, a phone, a private chat name one person; a segment, a group, a webhook many', () => {
    expect(isPerson({ ...base, channelId: 1, deviceId: 'fcm-token' })).toBe(true);
    expect(isPerson({ ...base, channelId: 1, segment: '3' })).toBe(false);
    expect(isPerson({ ...base, channelId: 1, deviceId: 'https://hooks.example.com/x' })).toBe(false);
    expect(isPerson({ ...base, channelId: 2, email: 'a@b.example' })).toBe(true);
    expect(isPerson({ ...base, channelId: 7, mobile: '+447700900000' })).toBe(true);
    expect(isPerson({ ...base, channelId: 9, deviceId: '123456' })).toBe(true);
    expect(isPerson({ ...base, channelId: 9, deviceId: '-100123' })).toBe(false);
    expect(isPerson({ ...base, channelId: 3 })).toBe(false);
  });
});
