import type { MarketMeta, RangeThreshold, RelativeThreshold, ThresholdType, ValueThreshold } from '@odds/protocol';
import { markBlocked, markFired, stepArming, type ArmingStep, type OutcomeState } from './arming';
import { checkBounds, passCount, type Bound } from './bounds';
import type { MarketHistory, PricePoint } from './history';
import { rangeMet } from './range';
import { describeFiring } from './describe';
import { relativeCheck, type Reference } from './relative';
import { valueMet } from './value';

/** A threshold set as the engine evaluates it (SPEC §3 "Match threshold set"). */
export interface ThresholdSetSpec {
  id: number;
  marketId: number;
  contactId: number | null;
  type: ThresholdType;
  thresholds: Record<string, unknown>;
  /** Dynamic-line markets: the set applies only to offers at this line (thousandths). */
  line: number | null;
  /** Timed set: applies only before kick-off, within this many minutes of it. */
  timedBefore: number | null;
}

/** What the set sees of the market when an offer arrives. */
export interface MarketSituation {
  meta: MarketMeta;
  history: MarketHistory;
  /** Firings of the market in this match so far (max_threshold). */
  firings: number;
  /** Match clock (s) of the last goal (send_delay_minutes). */
  lastGoalS: number | null;
}

interface HeldBack extends Bound {
  outcome: string;
}

/** One outcome of a set that fired: at what odds, against what reference (RELATIVE), and why. */
export interface FiredOutcome {
  outcome: string;
  odds: number;
  reference: Reference | null;
  why: string;
}

export interface SetEvaluation {
  /** Outcomes that fired on this offer, in the market's outcome order. */
  fired: string[];
  details: FiredOutcome[];
  /** Ready outcomes a market bound held back, newly (one record per held-back episode). */
  held: HeldBack[];
  /** Where each outcome the offer quotes stood (its arming step, and the bound that held it when ready). */
  steps: OutcomeStep[];
}

export interface OutcomeStep {
  outcome: string;
  step: ArmingStep;
  bound: Bound | null;
}

interface Condition {
  met: boolean;
  /** RELATIVE: the price the move was measured from. */
  reference: Reference | null;
}

function conditionMet(set: ThresholdSetSpec, outcome: string, current: PricePoint, history: MarketHistory): Condition | null {
  const odds = current.odds[outcome];
  if (odds === undefined) return null;
  const threshold = set.thresholds[outcome];
  switch (set.type) {
    case 'VALUE':
      return { met: valueMet(threshold as ValueThreshold, odds), reference: null };
    case 'RANGE':
      return { met: rangeMet(threshold as RangeThreshold, odds), reference: null };
    case 'RELATIVE':
      return relativeCheck(threshold as RelativeThreshold, outcome, current, history);
  }
}

/** The set's outcomes in the market's order (`order`), then any others (jsonb sorts object keys). */
function outcomesOf(set: ThresholdSetSpec, order: readonly string[] = []): string[] {
  const keys = Object.keys(set.thresholds);
  return [...order.filter((k) => keys.includes(k)), ...keys.filter((k) => !order.includes(k))];
}

/**
 * Evaluates one threshold set on one offer (before the offer joins the market's history): steps the
 * re-arming of each outcome, checks the market's bounds for those ready, and marks those that fire.
 * Outcomes the offer has no odds for are left as they were.
 */
export function evaluateSet(
  set: ThresholdSetSpec,
  current: PricePoint,
  market: MarketSituation,
  stateOf: (outcome: string) => OutcomeState,
  order: readonly string[] = [],
): SetEvaluation {
  const fired: string[] = [];
  const details: FiredOutcome[] = [];
  const held: HeldBack[] = [];
  const steps: OutcomeStep[] = [];
  const passes = passCount(market.meta);
  for (const outcome of outcomesOf(set, order)) {
    const condition = conditionMet(set, outcome, current, market.history);
    if (condition === null) continue;
    const state = stateOf(outcome);
    const step = stepArming(state, condition.met, passes);
    if (step !== 'ready') {
      steps.push({ outcome, step, bound: null });
      continue;
    }
    const bound = checkBounds(market.meta, {
      outcome,
      odds: current.odds[outcome]!,
      minute: Math.floor(current.gameS / 60),
      gameS: current.gameS,
      lastGoalS: market.lastGoalS,
      marketFirings: market.firings,
      feedMs: current.feedMs,
      lastFiredMs: state.lastFiredMs,
    });
    steps.push({ outcome, step, bound });
    if (bound) {
      if (markBlocked(state, bound.reason)) held.push({ outcome, ...bound });
      continue;
    }
    markFired(state, current.feedMs);
    fired.push(outcome);
    const odds = current.odds[outcome]!;
    details.push({ outcome, odds, reference: condition.reference, why: describeFiring(set.type, set.thresholds[outcome], outcome, odds, condition.reference) });
  }
  return { fired, details, held, steps };
}
