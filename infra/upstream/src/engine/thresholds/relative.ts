import { RELATIVE_THRESHOLD_DEFAULTS, type RelativeThreshold } from '@odds/protocol';
import type { MarketHistory, PricePoint } from './history';

/**
 * RELATIVE: fires when the outcome's odds have RISEN or DROPPED by `value` (absolute thousandths
 * for metric VALUE, per cent of the reference price for PERCENT) within the time amount.
 *
 * - REAL: against the lowest (RISE) or highest (DROP) price of the window of the last `amount` of
 *   feed time (the source's clock, wall time when live).
 * - GAME: the same window on the match clock, which stands still at half-time and before kick-off.
 * - START: against the opening price (the first offer of the market in the match), and only while
 *   no more than `amount` has passed since that first offer.
 *
 * `history` holds the earlier offers, not the current one; with no earlier price nothing fires.
 */
export function relativeMet(threshold: RelativeThreshold, outcome: string, current: PricePoint, history: MarketHistory): boolean {
  const direction = threshold.direction ?? RELATIVE_THRESHOLD_DEFAULTS.direction;
  const metric = threshold.metric ?? RELATIVE_THRESHOLD_DEFAULTS.metric;
  const basis = threshold.time_basis ?? RELATIVE_THRESHOLD_DEFAULTS.time_basis;
  const unitMs = (threshold.time_unit ?? RELATIVE_THRESHOLD_DEFAULTS.time_unit) === 'SECONDS' ? 1000 : 60_000;
  const windowMs = threshold.time_amount * unitMs;
  const now = current.odds[outcome];
  if (now === undefined) return false;

  let reference: number | undefined;
  if (basis === 'START') {
    const opening = history.opening;
    if (!opening || current.feedMs - opening.feedMs > windowMs) return false;
    reference = opening.odds[outcome];
  } else {
    const clock = basis === 'GAME' ? (p: PricePoint) => p.gameS * 1000 : (p: PricePoint) => p.feedMs;
    const from = clock(current) - windowMs;
    for (let i = history.points.length - 1; i >= 0; i -= 1) {
      const point = history.points[i]!;
      if (clock(point) < from) break;
      if (point.feedMs > current.feedMs) continue;
      const odds = point.odds[outcome];
      if (odds === undefined) continue;
      if (reference === undefined) reference = odds;
      else reference = direction === 'RISE' ? Math.min(reference, odds) : Math.max(reference, odds);
    }
  }
  if (reference === undefined) return false;
  const move = direction === 'RISE' ? now - reference : reference - now;
  if (move <= 0) return false;
  return metric === 'PERCENT' ? (move * 100) / reference >= threshold.value : move >= threshold.value;
}
