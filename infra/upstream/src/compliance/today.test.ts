import { describe, expect, it } from 'vitest';
import { dayIn, isTimeZone } from './today';

const at = (iso: string) => Date.parse(iso);
const since = (iso: string, zone: string) => {
  const { day, sinceMs } = dayIn(at(iso), zone);
  return [day, new Date(sinceMs).toISOString()];
};

describe("today in the deployment's time zone", () => {
  it('is the local calendar day, starting at its local midnight', () => {
    expect(since('2026-12-02T10:00:00Z', 'UTC')).toEqual(['2026-12-02', '2026-12-02T00:00:00.000Z']);
    expect(since('2026-12-02T10:00:00Z', 'Europe/Copenhagen')).toEqual(['2026-12-02', '2026-12-01T23:00:00.000Z']);
    // 23:30 UTC is already tomorrow in Copenhagen, still today in New York.
    expect(since('2026-12-02T23:30:00Z', 'Europe/Copenhagen')).toEqual(['2026-12-03', '2026-12-02T23:00:00.000Z']);
    expect(since('2026-12-02T03:00:00Z', 'America/New_York')).toEqual(['2026-12-01', '2026-12-01T05:00:00.000Z']);
    expect(since('2026-12-02T10:00:00Z', 'Asia/Kolkata')).toEqual(['2026-12-02', '2026-12-01T18:30:00.000Z']);
  });

  it('across a DST change: the day of the change starts at the offset its midnight had', () => {
    // Europe moves forward on 29 March 2026 at 01:00 UTC: that day's midnight was still CET (+1).
    expect(since('2026-03-29T12:00:00Z', 'Europe/London')).toEqual(['2026-03-29', '2026-03-29T00:00:00.000Z']);
    expect(since('2026-03-29T12:00:00Z', 'Europe/Copenhagen')).toEqual(['2026-03-29', '2026-03-28T23:00:00.000Z']);
    // And back on 25 October: that day's midnight was still CEST (+2).
    expect(since('2026-10-25T12:00:00Z', 'Europe/Copenhagen')).toEqual(['2026-10-25', '2026-10-24T22:00:00.000Z']);
    // Santiago skips its midnight (00:00 → 01:00 on 6 September 2026): the day starts at 01:00 local.
    expect(since('2026-09-06T12:00:00Z', 'America/Santiago')).toEqual(['2026-09-06', '2026-09-06T04:00:00.000Z']);
  });

  it('knows an IANA zone from a typo', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Europe/Londn')).toBe(false);
  });
});
