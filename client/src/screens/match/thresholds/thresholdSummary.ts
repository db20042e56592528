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
