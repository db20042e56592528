import type { ContactCompliance, ContactLimiter, ContentFlag, LiveStatus, MarketMeta, MatchContentParts, TrackerSpec } from '@odds/protocol';
import type { TeamValues } from '../content/team-values';
import { freshState, type OutcomeState } from './thresholds/arming';
import type { ThresholdSetSpec } from './thresholds/evaluate';
import { MarketHistory } from './thresholds/history';

/**
 * What the engine holds per match between ingests. `static` comes from the back-office tables
 * (match, markets, threshold sets, audience, content) and is reloaded when one of the match's
 * invalidation scopes moves (scopes.ts);
 * the rest is the engine's own running state, loaded once from the live tables and kept in step
 * with every ingest.
 */

interface TeamInfo {
  id: number;
  name: string;
  shortName: string | null;
  values: TeamValues | null;
}

export interface MatchInfo {
  id: number;
  providerId: number;
  sportId: number;
  leagueId: number;
  leagueName: string;
  name: string;
  start: Date;
  /** Has a final score in the catalog (a past match): its start is never moved by a kick-off. */
  played: boolean;
  home: TeamInfo;
  away: TeamInfo;
  /** The provider and its engine switch (Settings) are on. */
  providerActive: boolean;
  /** The vendors the provider has channel credentials for (routing: channels/index.ts); none when absent. */
  vendors?: ReadonlySet<string>;
}

export interface MarketInfo {
  id: number;
  name: string;
  typeId: number;
  line: number | null;
  dynamicLine: boolean;
  /** Outcome keys of the market type, in its order. */
  outcomes: string[];
  /** Lower-cased feed label → outcome key (the market's outcome_mapping, then the usual labels). */
  labels: Map<string, string>;
  meta: MarketMeta;
}

export interface ContactInfo {
  id: number;
  name: string;
  channelId: number;
  languages: string[];
  email: string | null;
  twitter: string | null;
  deviceId: string | null;
  /** A WhatsApp contact's number (routing prefers it to the device id). */
  mobile?: string | null;
  segment: string | null;
  listId: string | null;
  rateLimited: boolean;
  rateLimitMinutes: number | null;
  limiter: ContactLimiter;
  /** Who it is for compliance (docs/compliance.md); absent: nothing recorded. */
  compliance?: ContactCompliance;
  /** Its jurisdiction's daily cap, set by the compliance view (compliance/view.ts) when one applies. */
  dailyCap?: number | null;
}

/** A contact that may receive the match's offers: by subscription, by trackers, or both. */
export interface AudienceMember {
  contact: ContactInfo;
  /** sub_all, or subscribed to the match's league or one of its teams. */
  subscribed: boolean;
  trackers: { language: string; spec: TrackerSpec }[];
}

export interface ContentInfo {
  id: number;
  marketId: number | null;
  marketTypeId: number | null;
  /** Markets of the content's rule set; null when it has none. */
  ruleSetMarkets: Set<number> | null;
  channelId: number;
  language: string;
  nodeId: string;
  subNode: string | null;
  leafNode: string | null;
  period: number | null;
  parts: MatchContentParts;
  /** What its text does: a recipient's jurisdiction may forbid it (compliance/content-flags.ts). */
  flags?: readonly ContentFlag[];
}

/** The versions of a match's invalidation scopes (migration 0022), by scope name. */
export type ScopeVersions = Map<string, number>;

export interface MatchStatic {
  /** The versions of the match's scopes it was loaded at. */
  versions: ScopeVersions;
  match: MatchInfo;
  markets: Map<number, MarketInfo>;
  /** `${type_id}:${line}` → market, for feeds that name markets by type and line. */
  marketsByRef: Map<string, MarketInfo>;
  sets: Map<number, ThresholdSetSpec[]>;
  /** Every active contact of the provider and sport, by id (threshold sets may name any). */
  contacts: Map<number, ContactInfo>;
  audience: AudienceMember[];
  contents: ContentInfo[];
}

export interface LiveInfo {
  status: LiveStatus;
  period: number;
  score: string;
  matchTime: number | null;
  suspended: boolean;
  suspendedMarkets: Set<number>;
  kickedOffAt: number | null;
  lastGoalS: number | null;
  lastMessageMs: number | null;
}

const fingerprint = (s: OutcomeState) => `${s.armed}|${s.streak}|${s.blocked}|${s.lastFiredMs}`;

export const marketRef = (typeId: number, line: number | null) => `${typeId}:${line ?? ''}`;

export class MatchState {
  readonly histories = new Map<number, MarketHistory>();
  /** Feed time of the newest offer evaluated per market: older ones are stale. */
  readonly latestFeedMs = new Map<number, number>();
  readonly seen = new Set<string>();
  readonly outcomeStates = new Map<string, OutcomeState>();
  readonly marketFirings = new Map<number, number>();
  /** Outcome states changed since the last save. */
  readonly dirty = new Set<string>();
  /** Arrival number of the last message stored (offers and events of the match together). */
  lastArrival = 0;

  /** The next arrival number: increasing, and at least the clock in µs (so it survives a restart). */
  nextArrival(nowMs: number): number {
    this.lastArrival = Math.max(this.lastArrival + 1, nowMs * 1000);
    return this.lastArrival;
  }

  constructor(
    public statics: MatchStatic,
    public live: LiveInfo,
  ) {}

  history(marketId: number): MarketHistory {
    let history = this.histories.get(marketId);
    if (!history) {
      history = new MarketHistory();
      this.histories.set(marketId, history);
    }
    return history;
  }

  /**
   * The arming state of an outcome, for one evaluation: whatever the evaluation changes in it is
   * marked for saving when `settle` runs (most evaluations change nothing and save nothing).
   */
  outcomeState(setId: number, outcome: string): OutcomeState {
    const key = `${setId}:${outcome}`;
    let state = this.outcomeStates.get(key);
    if (!state) {
      state = freshState();
      this.outcomeStates.set(key, state);
      this.dirty.add(key);
    }
    this.watched.push([key, state, fingerprint(state)]);
    return state;
  }

  /** Marks the states handed out since the last call that changed. */
  settle(): void {
    for (const [key, state, before] of this.watched) if (fingerprint(state) !== before) this.dirty.add(key);
    this.watched.length = 0;
  }

  private readonly watched: [string, OutcomeState, string][] = [];
}

/** States the feed gave a match that fire nothing (docs/engine-rules.md "Match state"). */
export const OFF_STATES: ReadonlySet<LiveStatus> = new Set(['POSTPONED', 'CANCELLED', 'ABANDONED']);

export const emptyLive = (): LiveInfo => ({
  status: 'PRE',
  period: 0,
  score: 'PRE',
  matchTime: null,
  suspended: false,
  suspendedMarkets: new Set(),
  kickedOffAt: null,
  lastGoalS: null,
  lastMessageMs: null,
});
