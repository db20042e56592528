import { formatOdds, type MatchThresholdSet, type Offer } from '@odds/protocol';

/** How near a set came to firing on an offer: the outcome, its odds, and what it needed. */
export interface Closest {
  set: MatchThresholdSet;
  outcome: string;
  /** Share of the target the odds still lacked (0 when the condition was met). */
  gap: number;
  text: string;
}

/** What one VALUE or RANGE threshold needed at these odds, and how far off it was (relative). */
function measure(set: MatchThresholdSet, outcome: string, odds: number): { gap: number; need: string } | null {
  if (set.type === 'VALUE') {
    const t = set.thresholds[outcome];
    if (!t) return null;
    const need = `≥ ${formatOdds(t.value)}`;
    if (t.min !== undefined && odds < t.min) return { gap: (t.min - odds) / t.min, need: `${need} (min ${formatOdds(t.min)})` };
    if (t.max !== undefined && odds > t.max) return { gap: (odds - t.max) / t.max, need: `${need} (max ${formatOdds(t.max)})` };
    return { gap: Math.max(0, (t.value - odds) / t.value), need };
  }
  if (set.type === 'RANGE') {
    const t = set.thresholds[outcome];
    if (!t) return null;
    const need = `${formatOdds(t.from)}–${formatOdds(t.to)}`;
    return { gap: odds < t.from ? (t.from - odds) / t.from : odds > t.to ? (odds - t.to) / t.to : 0, need };
  }
  return null;
}

/**
 * The VALUE or RANGE set of the offer's market that came closest to firing on it, or null when it
 * has none. RELATIVE sets measure a move over a window of earlier offers, so they are not compared.
 * A set for another line of a dynamic-line market is left out.
 */
export function closestSet(offer: Offer, sets: readonly MatchThresholdSet[]): Closest | null {
  const lines = new Set(offer.odds.map((o) => o.line));
  let best: Closest | null = null;
  for (const set of sets) {
    if (set.market_id !== offer.market_id || (set.line !== null && !lines.has(set.line))) continue;
    for (const [outcome, odds] of Object.entries(offer.outcome_map)) {
      const m = measure(set, outcome, odds);
      if (!m || (best && best.gap <= m.gap)) continue;
      const state = m.gap === 0 ? 'met its condition, yet did not fire' : `was ${(m.gap * 100).toFixed(1)} % short`;
      best = {
        set,
        outcome,
        gap: m.gap,
        text: `Closest: the ${set.type} set for ${set.contact?.name ?? 'any contact'} (${outcome} ${m.need}) at ${formatOdds(odds)} ${state}.`,
      };
    }
  }
  return best;
}
