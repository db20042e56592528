import type { QuietHours } from '@odds/protocol';
import type { Refusal } from '../rate-limit';
import { localClock, minutesOf } from './local-time';

/** Whether a local time (minutes since midnight) is within the window: from its start, up to (not at) its end; a start after the end spans midnight. */
export function inQuietHours(minutes: number, quiet: QuietHours): boolean {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/**
 * QUIET_HOURS: a push whose instant is within the recipient's quiet hours in their own time zone
 * is suppressed, not held: a live offer would be stale when they wake.
 */
export function quietRefusal(quiet: QuietHours | null, timeZone: string | null, atMs: number): Refusal | null {
  if (!quiet || !timeZone) return null;
  const clock = localClock(atMs, timeZone);
  if (!inQuietHours(clock.minutes, quiet)) return null;
  const hh = String(Math.floor(clock.minutes / 60)).padStart(2, '0');
  const mm = String(clock.minutes % 60).padStart(2, '0');
  return {
    reason: 'QUIET_HOURS',
    detail: `quiet hours ${quiet.start}–${quiet.end} in ${timeZone} (it is ${hh}:${mm} there): a live offer is not held for later`,
  };
}
