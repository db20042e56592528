import type { Refusal } from '../rate-limit';
import { localClock } from './local-time';

/**
 * DAILY_CAP: at most `cap` pushes to a recipient per local calendar day of their time zone, all
 * matches together (a day of 23 or 25 hours across a DST change is one day). `pushesBetween`
 * counts the contact's pushes in [from, to) of feed time: the rate limiter's, kept across workers
 * by the push ledger (push-ledger.ts), so two workers cannot both send the last one.
 */
export function dailyCapRefusal(
  cap: number | null | undefined,
  timeZone: string | null,
  atMs: number,
  pushesBetween: (fromMs: number, toMs: number) => number,
): Refusal | null {
  if (cap === null || cap === undefined || !timeZone) return null;
  const clock = localClock(atMs, timeZone);
  const sent = pushesBetween(clock.dayStartMs, clock.dayEndMs);
  if (sent < cap) return null;
  return { reason: 'DAILY_CAP', detail: `max ${cap} ${cap === 1 ? 'push' : 'pushes'} per day reached in ${timeZone} (${sent} sent on ${clock.day})` };
}
