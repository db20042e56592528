import type { RangeThreshold } from '@odds/protocol';

/** RANGE: fires when the outcome's odds lie within from..to, both ends included. Odds in thousandths. */
export function rangeMet(threshold: RangeThreshold, odds: number): boolean {
  return odds >= threshold.from && odds <= threshold.to;
}
