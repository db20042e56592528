import {
  finalScore,
  formatResult,
  formatScore,
  parseScoreNode,
  resultQualifier,
  type Match,
  type MatchFeedEvent,
  type MatchLiveState,
  type MatchResult,
} from '@odds/protocol';

/** `off`: the feed says the match left its usual course (delayed, interrupted, postponed, cancelled, abandoned). */
export type PhaseKind = 'prematch' | 'live' | 'break' | 'fulltime' | 'off';

/** Where a match stands, as a wall says it: 'Live 34′', 'Half-time', 'Full-time 3–3 a.e.t., 4–2 pens'. */
export interface MatchPhase {
  kind: PhaseKind;
  label: string;
  /** Kick-off time before it, the minute in play, the whole result after it. */
  detail: string;
  /** The result so far (the feed's, else the fixture's once played); null before kick-off. */
  result: MatchResult | null;
}

export interface PhaseInputs {
  match: Pick<Match, 'start' | 'score' | 'result'> | null;
  live: Pick<MatchLiveState, 'status' | 'period' | 'score' | 'match_time' | 'result'> | null;
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

/** '2–1' from a score node or a score (protocol's formatScore); before kick-off '0–0'. */
export function scoreline(score: string | { home: number; away: number } | null | undefined): string {
  const parsed = typeof score === 'string' ? parseScoreNode(score) : score;
  return formatScore(parsed ?? { home: 0, away: 0 });
}

/** The score that stands: the result's (extra time included) where there is one, else a score node's. */
const standing = (result: MatchResult | null | undefined, node: string) => (result ? formatScore(finalScore(result)) : scoreline(node));

/** Live states a feed gives a match out of its usual course (match_state events), as a header or wall says them. */
const OFF_LABELS: Partial<Record<MatchLiveState['status'], string>> = {
  DELAYED: 'Delayed',
  INTERRUPTED: 'Interrupted',
  POSTPONED: 'Postponed',
  CANCELLED: 'Cancelled',
  ABANDONED: 'Abandoned',
};

/** The minute a clock of `seconds` is in, as football counts it: 0:00–0:59 is the 1st minute. */
export const playingMinute = (seconds: number) => Math.floor(seconds / 60) + 1;

/**
 * The match's state at a glance, from its feed when it has one (live state and the last period
 * event), else from the fixture (a played match's final score, a future one's kick-off).
 */
export function matchPhase({ match, live, lastPeriodEvent, latestClock, now }: PhaseInputs): MatchPhase {
  const result = live?.result ?? null;
  const off = live ? OFF_LABELS[live.status] : undefined;
  if (live && off) return { kind: 'off', label: off, detail: live.score === 'PRE' ? '' : standing(result, live.score), result };
  if (live?.status === 'ENDED') return { kind: 'fulltime', label: 'Full-time', detail: result ? formatResult(result) : scoreline(live.score), result };
  if (live?.status === 'LIVE') {
    if (lastPeriodEvent?.kind === 'period_end') {
      const period = lastPeriodEvent.period ?? live.period;
      return {
        kind: 'break',
        label: period === 1 ? 'Half-time' : period === 2 ? 'End of normal time' : `Break after period ${period}`,
        detail: standing(result, live.score),
        result,
      };
    }
    const clock = Math.max(latestClock ?? 0, live.match_time ?? 0);
    return { kind: 'live', label: 'Live', detail: `${playingMinute(clock)}′`, result };
  }
  if (match?.result && Date.parse(match.start) <= now)
    return { kind: 'fulltime', label: 'Full-time', detail: formatResult(match.result), result: match.result };
  return { kind: 'prematch', label: 'Prematch', detail: match ? `Kick-off ${time(match.start)}` : '', result: null };
}

/**
 * The score to show big, and what it does not say ('a.e.t., 4–2 pens'): in regular time the newest
 * offer's score (it moves first), from extra time on and after the match the feed's result, whose
 * goals no offer carries; a played fixture's stored result.
 */
export function shownScore(phase: Pick<MatchPhase, 'kind' | 'result'>, offerScore: string | undefined): { score: string; qualifier: string } {
  const { result } = phase;
  const settled = result && (phase.kind === 'fulltime' || phase.kind === 'break' || result.after_extra_time !== null);
  if (!settled) return { score: scoreline(offerScore), qualifier: '' };
  // 'a.e.t.' is said of a result; while extra time is played it is just that.
  const qualifier = phase.kind === 'fulltime' ? resultQualifier(result) : result.after_extra_time ? 'extra time' : '';
  return { score: formatScore(finalScore(result)), qualifier };
}
