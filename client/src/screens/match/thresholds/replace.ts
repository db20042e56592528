import type { MatchThresholdSet } from '@odds/protocol';

/** The set a market click opens: the match's set of that market for any contact and line, else its first. */
export function savedSetOf(sets: readonly MatchThresholdSet[], marketId: number): MatchThresholdSet | undefined {
  const ofMarket = sets.filter((s) => s.market_id === marketId);
  return ofMarket.find((s) => s.contact_id === null && s.line === null) ?? ofMarket[0];
}

const odds = (thousandths: number) => (thousandths / 1000).toFixed(2);

/** 'Replace the existing VALUE set (away 3.00, draw 3.40, home 2.50)?': outcomes by name, odds as the editor shows them. */
export function replaceQuestion(set: MatchThresholdSet): string {
  const parts = Object.entries(set.thresholds as Record<string, Record<string, number>>)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([outcome, t]) => {
      if (set.type === 'RANGE') return `${outcome} ${odds(t.from!)}–${odds(t.to!)}`;
      if (set.type === 'VALUE') return `${outcome} ${odds(t.value!)}`;
      return `${outcome} ${t.value}`;
    });
  return `Replace the existing ${set.type} set (${parts.join(', ')})?`;
}

/** Whether a save is for the set's market, contact and line (so it would replace that set). */
export function sameSlot(set: MatchThresholdSet, input: { market_id: number; contact_id?: number | null; line?: number | null }): boolean {
  return set.market_id === input.market_id && set.contact_id === (input.contact_id ?? null) && set.line === (input.line ?? null);
}

/**
 * Threshold odds (thousandths) as the editor shows them, for conflict and history diffs of a VALUE
 * or RANGE set ('thresholds.home.value' 2500 → '2.50'); a RELATIVE set's values stay as they are.
 */
export function thresholdFormat(set: unknown) {
  if ((set as { type?: string } | null)?.type === 'RELATIVE') return undefined;
  return (field: string, value: unknown): string | undefined =>
    /^thresholds\.[^.]+\.(value|from|to)$/.test(field) && typeof value === 'number' ? odds(value) : undefined;
}
