import type { MatchResult, MatchScore } from '../entities/match';
import { parseScoreNode } from './score';

/**
 * One way to tell a match's result, shared by the upstream and every screen (docs/match-results.md):
 * a wall, a league table and the match header read '3–3 a.e.t., 4–2 pens' for the same final.
 */

/** '2–1': home first, an en dash between, as a scoreline is printed. */
export const formatScore = ({ home, away }: MatchScore): string => `${home}–${away}`;

/** The score that stands at the end of play: after extra time where it was played. */
export const finalScore = (result: MatchResult): MatchScore => result.after_extra_time ?? result.regular;

/** Whether the match went beyond regular time (extra time or a shoot-out). */
export const beyondRegularTime = (result: MatchResult): boolean => result.after_extra_time !== null || result.penalties !== null;

/** What the final score alone does not say: 'a.e.t.', 'a.e.t., 4–2 pens', '5–4 pens', or '' after 90 minutes. */
export function resultQualifier(result: MatchResult): string {
  const pens = result.penalties ? `${formatScore(result.penalties)} pens` : '';
  if (!result.after_extra_time) return pens;
  return pens ? `a.e.t., ${pens}` : 'a.e.t.';
}

/** The whole result: '2–0', '2–1 a.e.t.', '3–3 a.e.t., 4–2 pens' (a shoot-out straight after 90 minutes: '1–1, 4–2 pens'). */
export function formatResult(result: MatchResult): string {
  const qualifier = resultQualifier(result);
  const score = formatScore(finalScore(result));
  if (!qualifier) return score;
  return result.after_extra_time ? `${score} ${qualifier}` : `${score}, ${qualifier}`;
}

/**
 * The 90-minute score, labelled where it is not the whole story: '2–0' for a match decided in
 * regular time, '2–2 at 90′' for one that went on. What a table of settled markets counts.
 */
export function formatRegularTime(result: MatchResult): string {
  return beyondRegularTime(result) ? `${formatScore(result.regular)} at 90′` : formatScore(result.regular);
}

/** Both, for a row that counts 90 minutes but must not hide the rest: '2–2 at 90′ (3–3 a.e.t., 4–2 pens)'. */
export function formatRegularAndResult(result: MatchResult): string {
  return beyondRegularTime(result) ? `${formatRegularTime(result)} (${formatResult(result)})` : formatScore(result.regular);
}

/** A stored result from its columns (null scores: not played; extra time and penalties may be null). */
export function resultOf(
  regular: { home: number | null; away: number | null },
  afterExtraTime: { home: number | null; away: number | null },
  penalties: { home: number | null; away: number | null },
): MatchResult | null {
  const score = (s: { home: number | null; away: number | null }): MatchScore | null =>
    s.home !== null && s.away !== null ? { home: s.home, away: s.away } : null;
  const base = score(regular);
  return base ? { regular: base, after_extra_time: score(afterExtraTime), penalties: score(penalties) } : null;
}

/** What resultFromFeed reads of a feed's match event (MatchFeedEvent, FeedEventMessage). */
export interface ResultEvent {
  kind: string;
  period?: number | null;
  score?: string | null;
  penalties?: MatchScore | null;
}

/** Periods 3 and 4 are extra time (protocol's feed: 1 and 2 the halves, 5 penalties). */
const isExtraTime = (period: number | null | undefined) => period === 3 || period === 4;

/**
 * A match's result from its feed events, oldest first: the score of the last event of regular
 * time (goals, period ends carry the score after them), the score after extra time where an event
 * fell in periods 3 or 4, and the shoot-out a match end names. Null before anything was scored or
 * kicked off. The one derivation the live state, the wall and the match header all read.
 */
export function resultFromFeed(events: readonly ResultEvent[]): MatchResult | null {
  let regular: MatchScore | null = null;
  let afterExtraTime: MatchScore | null = null;
  let penalties: MatchScore | null = null;
  let started = false;
  for (const event of events) {
    if (event.kind === 'period_start' || event.kind === 'goal') started = true;
    const score = event.score ? parseScoreNode(event.score) : null;
    if (isExtraTime(event.period)) {
      started = true;
      afterExtraTime = score ?? afterExtraTime ?? regular ?? { home: 0, away: 0 };
    } else if (score && afterExtraTime === null && (event.period ?? 0) <= 2) {
      regular = score;
    } else if (score && afterExtraTime !== null) {
      // A match end or penalty-period event after extra time: the score that stands.
      afterExtraTime = score;
    }
    if (event.kind === 'match_end' && event.penalties) penalties = { home: event.penalties.home, away: event.penalties.away };
  }
  if (!started && regular === null) return null;
  return { regular: regular ?? { home: 0, away: 0 }, after_extra_time: afterExtraTime, penalties };
}
