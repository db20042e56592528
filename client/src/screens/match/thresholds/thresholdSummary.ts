import { formatOdds, RELATIVE_THRESHOLD_DEFAULTS, type RelativeThreshold } from '@odds/protocol';

const UNITS: Record<string, string> = { MINUTES: 'min', SECONDS: 's' };

/**
 * A RELATIVE threshold in one phrase with its metric, unit and basis:
 * 'draw RISE 0.30 (value) in 10 min (start)'; a PERCENT change reads '25% (percent)'.
 * A VALUE change is odds in thousandths, shown as decimal odds like the editor takes them.
 */
export function relativeSummary(outcome: string, threshold: Partial<RelativeThreshold>): string {
  const t = { ...RELATIVE_THRESHOLD_DEFAULTS, ...threshold } as Required<RelativeThreshold>;
  const change = t.metric === 'PERCENT' ? `${t.value}% (percent)` : `${formatOdds(t.value)} (value)`;
  return `${outcome} ${t.direction} ${change} in ${t.time_amount} ${UNITS[t.time_unit] ?? t.time_unit.toLowerCase()} (${t.time_basis.toLowerCase()})`;
}

/** A set's thresholds per outcome in one phrase: 'home 2.50, draw 3.40' (VALUE), 'home 2.00–2.50' (RANGE), or relative ones. */
export function thresholdsSummary(type: string, thresholds: Record<string, unknown>): string {
  return Object.entries(thresholds)
    .map(([outcome, t]) => {
      const v = t as Record<string, unknown>;
      if (type === 'VALUE') return `${outcome} ${formatOdds(v.value as number)}`;
      if (type === 'RANGE') return `${outcome} ${formatOdds(v.from as number)}–${formatOdds(v.to as number)}`;
      return relativeSummary(outcome, v);
    })
    .join(', ');
}
