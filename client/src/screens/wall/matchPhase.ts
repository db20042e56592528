import { parseScoreNode, type Match, type MatchFeedEvent, type MatchLiveState } from '@odds/protocol';

export type PhaseKind = 'prematch' | 'live' | 'break' | 'fulltime';

/** Where a match stands, as a wall says it: 'Live 34′', 'Half-time', 'Full-time 3 – 3'. */
export interface MatchPhase {
  kind: PhaseKind;
  label: string;
  /** Kick-off time before it, the minute in play, the final score after it. */
  detail: string;
}

export interface PhaseInputs {
  match: Pick<Match, 'start' | 'score'> | null;
  live: Pick<MatchLiveState, 'status' | 'period' | 'score' | 'match_time'> | null;
  /** The newest period start or end of the feed (null when there was none). */
  lastPeriodEvent: Pick<MatchFeedEvent, 'kind' | 'period'> | null;
  /** Match clock (seconds) of the newest in-play offer, which may be newer than the live state. */
  latestClock: number | null;
  now: number;
}

const time = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });

/** 'Sun 18 Dec 2022': two fixtures of the same teams are told apart by it. */
export const matchDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).replace(',', '');

/** '2 – 1' from a score node or a final score. */
export function scoreline(score: string | { home: number; away: number } | null | undefined): string {
  const parsed = typeof score === 'string' ? parseScoreNode(score) : score;
  return parsed ? `${parsed.home} – ${parsed.away}` : '0 – 0';
}

/** The minute a clock of `seconds` is in, as football counts it: 0:00–0:59 is the 1st minute. */
export const playingMinute = (seconds: number) => Math.floor(seconds / 60) + 1;

/**
 * The match's state at a glance, from its feed when it has one (live state and the last period
 * event), else from the fixture (a played match's final score, a future one's kick-off).
 */
export function matchPhase({ match, live, lastPeriodEvent, latestClock, now }: PhaseInputs): MatchPhase {
  if (live?.status === 'ENDED') return { kind: 'fulltime', label: 'Full-time', detail: scoreline(live.score) };
  if (live?.status === 'LIVE') {
    if (lastPeriodEvent?.kind === 'period_end') {
      const period = lastPeriodEvent.period ?? live.period;
      return { kind: 'break', label: period === 1 ? 'Half-time' : period === 2 ? 'End of normal time' : `Break after period ${period}`, detail: scoreline(live.score) };
    }
    const clock = Math.max(latestClock ?? 0, live.match_time ?? 0);
    return { kind: 'live', label: 'Live', detail: `${playingMinute(clock)}′` };
  }
  if (match && match.score && Date.parse(match.start) <= now) return { kind: 'fulltime', label: 'Full-time', detail: scoreline(match.score) };
  return { kind: 'prematch', label: 'Prematch', detail: match ? `Kick-off ${time(match.start)}` : '' };
}
