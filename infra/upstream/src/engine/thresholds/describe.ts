import { formatOdds, RELATIVE_THRESHOLD_DEFAULTS, type RangeThreshold, type RelativeThreshold, type ThresholdType, type ValueThreshold } from '@odds/protocol';
import type { Reference } from './relative';

const clockOf = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/**
 * Why an outcome of a set fired, in the operator's words: "VALUE away ≥ 3.00 reached at 3.05",
 * "RANGE home 1.80–2.20 reached at 2.00", "RELATIVE away rose 0.35 (≥ 0.20 within 4 min, GAME) from
 * 2.10 at 13:02:10 to 2.45".
 */
export function describeFiring(type: ThresholdType, threshold: unknown, outcome: string, odds: number, reference: Reference | null): string {
  switch (type) {
    case 'VALUE': {
      const t = threshold as ValueThreshold;
      const band =
        t.min !== undefined || t.max !== undefined
          ? ` (within ${t.min !== undefined ? formatOdds(t.min) : '…'}–${t.max !== undefined ? formatOdds(t.max) : '…'})`
          : '';
      return `VALUE ${outcome} ≥ ${formatOdds(t.value)}${band} reached at ${formatOdds(odds)}`;
    }
    case 'RANGE': {
      const t = threshold as RangeThreshold;
      return `RANGE ${outcome} ${formatOdds(t.from)}–${formatOdds(t.to)} reached at ${formatOdds(odds)}`;
    }
    case 'RELATIVE': {
      const t = threshold as RelativeThreshold;
      const direction = t.direction ?? RELATIVE_THRESHOLD_DEFAULTS.direction;
      const percent = (t.metric ?? RELATIVE_THRESHOLD_DEFAULTS.metric) === 'PERCENT';
      const unit = (t.time_unit ?? RELATIVE_THRESHOLD_DEFAULTS.time_unit) === 'SECONDS' ? 's' : 'min';
      const basis = t.time_basis ?? RELATIVE_THRESHOLD_DEFAULTS.time_basis;
      const need = percent ? `${t.value} %` : formatOdds(t.value);
      if (!reference) return `RELATIVE ${outcome} ${direction} ${need} within ${t.time_amount} ${unit} (${basis}) at ${formatOdds(odds)}`;
      const move = Math.abs(odds - reference.odds);
      const moved = percent ? `${((move * 100) / reference.odds).toFixed(1)} %` : formatOdds(move);
      return `RELATIVE ${outcome} ${direction === 'RISE' ? 'rose' : 'dropped'} ${moved} (≥ ${need} within ${t.time_amount} ${unit}, ${basis}) from ${formatOdds(reference.odds)} at ${clockOf(reference.feedMs)} to ${formatOdds(odds)}`;
    }
  }
}
