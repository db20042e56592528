import { fromThousandths, type MatchMarket, type SavedThreshold } from '@odds/protocol';
import { defaultForm, emptyOutcome, formOf, type OutcomeFields, type ThresholdForm } from './thresholdForm';

/**
 * The form a new threshold set of a market starts from: the market's default template (for any
 * contact), else the threshold values of its settings as a VALUE set, else nothing typed. Never a
 * timing: a set opened before (say, timed 90 minutes before kick-off) lends a new set nothing, so
 * a set saved for another contact fires in play unless someone times it.
 */
export function marketDefaultForm(market: Pick<MatchMarket, 'id' | 'meta' | 'type'>, templates: readonly SavedThreshold[]): ThresholdForm {
  const template = templates.find((t) => t.market_id === market.id && t.is_default && t.contact === null);
  if (template) return { ...defaultForm(), ...formOf(template), contactId: null, timedBefore: '' };
  const outcomes: Record<string, OutcomeFields> = {};
  for (const outcome of market.type.outcomes) {
    const value = market.meta.thresholds?.[outcome];
    if (typeof value === 'number') outcomes[outcome] = { ...emptyOutcome(), value: String(fromThousandths(value)) };
  }
  return { ...defaultForm(), outcomes };
}

/** A set's timing for its one-line summary: 'timed: 90 min before kick-off', or null when it always applies. */
export function timingSummary(timed: { before: number } | null | undefined): string | null {
  return timed ? `timed: ${timed.before} min before kick-off` : null;
}
