import { useEffect, useState } from 'react';
import type { PhaseKind } from '../../components/match/matchPhase';

export interface WallUpdateInputs {
  kind: PhaseKind;
  /** The match's kick-off (ISO), when the match is known. */
  kickoff: string | null;
  /** Offers the panel holds for the match, any market. */
  offers: number;
  /** Newest record change or good poll of the relay (ms), null before any. */
  lastUpdateAt: number | null;
  now: number;
}

const clock = (ms: number, seconds: boolean) =>
  new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', ...(seconds && { second: '2-digit' }), hour12: false });

/** '12 s ago', '3 min ago', '2 h 5 min ago'. */
export function ago(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s ago`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min ago`;
  return `${Math.floor(min / 60)} h ${min % 60} min ago`;
}

/**
 * The panel's footnote on freshness, which must never look stuck: before a match has any feed it
 * says so and when the match kicks off ('No feed yet — kicks off 21:00'); after, the time of the last
 * update and how long ago that was, which moves on even while nothing changes. A finished match
 * is done, not stale: 'Full time · final update 20:52:10', with no 'ago' counting up.
 */
export function wallUpdateText({ kind, kickoff, offers, lastUpdateAt, now }: WallUpdateInputs): string {
  if (offers === 0 && kind === 'prematch') {
    const start = kickoff ? Date.parse(kickoff) : NaN;
    return Number.isNaN(start) ? 'No feed yet' : `No feed yet — kicks off ${clock(start, false)}`;
  }
  if (kind === 'fulltime') return lastUpdateAt === null ? 'Full time' : `Full time · final update ${clock(lastUpdateAt, true)}`;
  if (lastUpdateAt === null) return 'No update yet';
  return `Last update ${clock(lastUpdateAt, true)} · ${ago(now - lastUpdateAt)}`;
}

/** The time now, moved on every `everyMs`: enough for '3 min ago' without re-rendering each second. */
export function useTicker(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
