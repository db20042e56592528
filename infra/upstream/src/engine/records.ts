import type { DeliveryLog, DeliveryStats, OddsOutcome, OfferStatus, SetReason, SuppressionReason } from '@odds/protocol';
import type { ChannelRoute } from './channels/index';
import type { ContactInfo, MarketInfo } from './match-state';
import type { FiredOutcome } from './thresholds/evaluate';

/**
 * What one ingest decides, before it is written: rows refer to their offer by its place in the
 * batch (`offer`), as offer ids exist only once the offers are stored. A backtest reads the same
 * records and writes none.
 */

/** A feed offer resolved against the match: market known, outcome keys mapped, clocks settled. */
export interface OfferInput {
  sourceId: string;
  market: MarketInfo;
  outcomeMap: Record<string, number>;
  odds: OddsOutcome[];
  /** Line of the offer's outcomes (thousandths), for dynamic-line markets. */
  line: number | null;
  score: string;
  subNode: string | null;
  leafNode: string | null;
  matchTime: number | null;
  /** Match clock in seconds, 0 before kick-off. */
  gameS: number;
  period: number;
  prematch: boolean;
  suspended: boolean;
  feedMs: number;
  /** Arrival order within the match (see MatchState.nextArrival); 0 where it does not matter. */
  arrival?: number;
}

interface OfferRecord extends OfferInput {
  status: OfferStatus;
  stale: boolean;
  /** Why each set of the market that did not fire did not (set-reasons.ts). */
  reasons: SetReason[];
}

interface FiringRecord {
  offer: number;
  setId: number;
  marketId: number;
  outcomes: string[];
  /** Per fired outcome: odds, reference (RELATIVE) and why, in the operator's words. */
  details: FiredOutcome[];
}

export interface DeliveryRecord {
  offer: number;
  setId: number;
  marketId: number;
  contact: ContactInfo;
  language: string;
  nodeId: string;
  log: DeliveryLog;
  route: ChannelRoute;
  status: 'PENDING' | 'RECORDED';
  stats: DeliveryStats | null;
  period: number;
  feedMs: number;
}

export interface SuppressionRecord {
  offer: number;
  setId: number | null;
  marketId: number;
  contact: ContactInfo | null;
  outcome: string | null;
  reason: SuppressionReason;
  detail: string;
  matchTime: number | null;
  feedMs: number;
  /** Crossings this record stands for (MAX_THRESHOLD: one record per set and outcome); else 1. */
  count: number;
}

/** Everything a batch decided, in order. */
export interface Decisions {
  offers: OfferRecord[];
  firings: FiringRecord[];
  deliveries: DeliveryRecord[];
  suppressions: SuppressionRecord[];
}

export const emptyDecisions = (): Decisions => ({ offers: [], firings: [], deliveries: [], suppressions: [] });
