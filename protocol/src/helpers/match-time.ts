/**
 * Match minutes as SPEC §4 shows them: stoppage time past 45 in period 1 reads 45+n, past 90 in
 * period 2 reads 90+n. A stat event stores the two parts (game_time, extra_time).
 */

export interface MatchMinuteParts {
  period: number;
  game_time: number;
  extra_time: number;
}

/** Where regular time of a period ends; later minutes of that period are stoppage time. */
const PERIOD_END: Record<number, number> = { 1: 45, 2: 90 };

function assertMinute(minute: number): void {
  if (!Number.isInteger(minute) || minute < 0) throw new RangeError(`Not a match minute: ${minute}`);
}

/** The period a minute is in when the operator does not say: up to 45 is period 1, else 2. */
export function inferPeriod(minute: number): 1 | 2 {
  assertMinute(minute);
  return minute <= 45 ? 1 : 2;
}

/** Minute 47 of period 1 is 45 + 2; minute 47 of period 2 is just 47. */
export function matchMinuteParts(minute: number, period?: number): MatchMinuteParts {
  assertMinute(minute);
  const chosen = period ?? inferPeriod(minute);
  const end = PERIOD_END[chosen];
  if (end !== undefined && minute > end) return { period: chosen, game_time: end, extra_time: minute - end };
  return { period: chosen, game_time: minute, extra_time: 0 };
}

/** '45+2' for stoppage time, else the minute. */
export const formatMinuteParts = ({ game_time, extra_time }: Pick<MatchMinuteParts, 'game_time' | 'extra_time'>): string =>
  extra_time > 0 ? `${game_time}+${extra_time}` : String(game_time);

/** A minute as shown, in the given period or the inferred one: (47, 1) → '45+2', (93) → '90+3'. */
export const formatMatchMinute = (minute: number, period?: number): string => formatMinuteParts(matchMinuteParts(minute, period));

/** Feed game time (SPEC §2 Feed): 'PREMATCH' before kick-off, else the match clock as mm:ss. */
export function formatGameClock(matchTimeSeconds: number | null, prematch = false): string {
  if (prematch || matchTimeSeconds === null) return 'PREMATCH';
  if (!Number.isFinite(matchTimeSeconds) || matchTimeSeconds < 0) {
    throw new RangeError(`Not a match time: ${matchTimeSeconds}`);
  }
  const seconds = Math.floor(matchTimeSeconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}
