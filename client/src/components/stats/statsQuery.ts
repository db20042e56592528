import { routes, type MatchResult, type StatOutcome } from '@odds/protocol';
import { api } from '../../api/client';

type Params = Record<string, string | number | boolean | null>;

/**
 * Runs a named statistics query of the event store (SPEC §7 `{s}/events/query`). Stats failures
 * are only logged (SPEC §8): the caller gets no rows and the operator no error message.
 */
export async function runStatsQuery<T>(sportId: number, query: string, params: Params, signal?: AbortSignal): Promise<T[]> {
  try {
    const reply = await api(routes.statsQuery, { params: { s: sportId }, body: { query, params }, signal, silent: true });
    return reply.results as T[];
  } catch (error) {
    if (!signal?.aborted) console.error(`Stats query ${query} failed`, error);
    return [];
  }
}

/** One match of a team as `team_market_outcomes` gives it. */
export interface MarketOutcomeRow {
  match_id: number;
  date: string;
  home: string;
  away: string;
  side: 'home' | 'away';
  /** After 90 minutes: what the outcome settled on. */
  score: { home: number; away: number } | null;
  /** The whole result (extra time, penalties). */
  result: MatchResult | null;
  outcome: string | null;
  state: StatOutcome;
}

/** A team's season record (`team_record`). */
export interface TeamRecord {
  played: number;
  wins: number;
  draws: number;
  losses: number;
  goals_for: number;
  goals_against: number;
  win_rate: number;
}

/** How often each outcome settled (`outcome_ratios`), as a whole-number percentage. */
export interface OutcomeRatio {
  outcome: string;
  matches: number;
  ratio: number;
}
