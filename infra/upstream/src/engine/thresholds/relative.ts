import { RELATIVE_THRESHOLD_DEFAULTS, type RelativeThreshold } from '@odds/protocol';
import type { MarketHistory, PricePoint } from './history';

/** The price a relative move is measured from. */
export interface Reference {
  odds: number;
  feedMs: number;
}

export interface RelativeCheck {
  met: boolean;
  reference: Reference | null;
}

/**
 * RELATIVE: fires when the outcome's odds have RISEN or DROPPED by `value` (absolute thousandths
 * for metric VALUE, per cent of the reference price for PERCENT) within the time amount.
 *
 * - REAL: against the lowest (RISE) or highest (DROP) price of the window of the last `amount` of
 *   feed time (the source's clock, wall time when live).
 * - GAME: the same window on the match clock, which stands still at half-time and before kick-off.
 * - START: before kick-off, against the first price of the market, while no more than `amount` of
 *   feed time has passed since it; in play, against the price at kick-off (the last prematch price),
 *   while the match clock is at most `amount`.
 *
 * Whatever the basis, the comparison never reaches back past the last goal or a switch of the
 * offered line: only earlier offers with the current offer's score and line count, so the
 * reference restarts with the first offer after a goal or at a new line (history.ts `stretch`).
 * `history` holds the earlier offers, not the current one; with no earlier price nothing fires.
 */
export function relativeCheck(threshold: RelativeThreshold, outcome: string, current: PricePoint, history: MarketHistory): RelativeCheck {
  const direction = threshold.direction ?? RELATIVE_THRESHOLD_DEFAULTS.direction;
  const metric = threshold.metric ?? RELATIVE_THRESHOLD_DEFAULTS.metric;
  const basis = threshold.time_basis ?? RELATIVE_THRESHOLD_DEFAULTS.time_basis;
  const unitMs = (threshold.time_unit ?? RELATIVE_THRESHOLD_DEFAULTS.time_unit) === 'SECONDS' ? 1000 : 60_000;
  const windowMs = threshold.time_amount * unitMs;
  const now = current.odds[outcome];
  if (now === undefined) return { met: false, reference: null };
  let reference: Reference | null = null;
  if (basis === 'START') {
    reference = startReference(outcome, current, history, windowMs);
  } else {
    const clock = basis === 'GAME' ? (p: PricePoint) => p.gameS * 1000 : (p: PricePoint) => p.feedMs;
    const from = clock(current) - windowMs;
    for (const point of history.stretch(current)) {
      if (clock(point) < from) break;
      const odds = point.odds[outcome];
      if (odds === undefined) continue;
      if (reference === null || (direction === 'RISE' ? odds < reference.odds : odds > reference.odds)) reference = { odds, feedMs: point.feedMs };
    }
  }
  if (reference === null) return { met: false, reference: null };
  const move = direction === 'RISE' ? now - reference.odds : reference.odds - now;
  if (move <= 0) return { met: false, reference };
  return { met: metric === 'PERCENT' ? (move * 100) / reference.odds >= threshold.value : move >= threshold.value, reference };
}

/** START's reference: see relativeCheck. Null outside the time amount or without an earlier price. */
function startReference(outcome: string, current: PricePoint, history: MarketHistory, windowMs: number): Reference | null {
  const inPlay = current.prematch === false || (current.prematch === undefined && current.gameS > 0);
  if (inPlay) {
    if (current.gameS * 1000 > windowMs) return null;
  } else if (!history.opening || current.feedMs - history.opening.feedMs > windowMs) {
    return null;
  }
  // The oldest point of the stretch (the first after the last goal or line switch), or in play the
  // last prematch one in it (the price at kick-off).
  let reference: Reference | null = null;
  for (const point of history.stretch(current)) {
    const odds = point.odds[outcome];
    if (odds === undefined) continue;
    reference = { odds, feedMs: point.feedMs };
    if (inPlay && point.prematch) return reference;
  }
  return reference;
}

/** RELATIVE as a yes/no (the reference aside). */
export function relativeMet(threshold: RelativeThreshold, outcome: string, current: PricePoint, history: MarketHistory): boolean {
  return relativeCheck(threshold, outcome, current, history).met;
}
