import { formatOdds, type SavedThreshold } from '@odds/protocol';

type Spec = Record<string, Record<string, unknown>>;

const odds = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? formatOdds(value) : String(value));

/** One outcome's threshold in a few words: 'home 2.50', 'home 1.90–2.60', 'over DROP 10% in 5 MINUTES (GAME)'. */
function describe(type: SavedThreshold['type'], outcome: string, t: Record<string, unknown>): string {
  if (type === 'RANGE') return `${outcome} ${odds(t.from)}–${odds(t.to)}`;
  if (type === 'RELATIVE') {
    const amount = t.metric === 'PERCENT' ? `${String(t.value)}%` : odds(t.value);
    return `${outcome} ${String(t.direction ?? 'RISE')} ${amount} in ${String(t.time_amount)} ${String(t.time_unit ?? 'MINUTES')} (${String(t.time_basis ?? 'START')})`;
  }
  const bounds = t.min !== undefined || t.max !== undefined ? ` [${t.min === undefined ? '' : odds(t.min)}–${t.max === undefined ? '' : odds(t.max)}]` : '';
  return `${outcome} ${odds(t.value)}${bounds}`;
}

/** The Spec column of the saved thresholds table: its name, then each outcome's threshold. */
export function thresholdSpec(threshold: SavedThreshold): string {
  const parts = Object.entries(threshold.thresholds as Spec).map(([outcome, t]) => describe(threshold.type, outcome, t));
  return [threshold.name, parts.join(', ')].filter(Boolean).join(': ');
}

/** The thresholds as formatted text (the Edit option). */
export function thresholdText(threshold: SavedThreshold): string {
  return JSON.stringify(threshold.thresholds, null, 2);
}
