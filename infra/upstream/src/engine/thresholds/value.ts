import type { ValueThreshold } from '@odds/protocol';

/**
 * VALUE: fires when the outcome's odds reach the value, that is are at or above it (a price drifting
 * out to a bigger payout is what a value alert is for), and lie within min..max where given (the
 * band a FEED contact accepts). Odds in thousandths.
 */
export function valueMet(threshold: ValueThreshold, odds: number): boolean {
  if (odds < threshold.value) return false;
  if (threshold.min !== undefined && odds < threshold.min) return false;
  if (threshold.max !== undefined && odds > threshold.max) return false;
  return true;
}
