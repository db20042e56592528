import { formatLine, type SetReason } from '@odds/protocol';
import type { MatchState } from './match-state';
import type { OfferInput } from './records';
import { passCount } from './thresholds/bounds';
import type { OutcomeStep, ThresholdSetSpec } from './thresholds/evaluate';

/**
 * Why a threshold set did not fire on an offer, worked out when the offer is decided and stored
 * with it, so the Why panel says the reason that applied instead of listing the possible ones.
 */

/** One reason for every set of the offer's market (a suspended or stale offer, the engine switched off). */
export function sameReasonForAll(state: MatchState, offer: OfferInput, kind: SetReason['kind'], detail: string): SetReason[] {
  return (state.statics.sets.get(offer.market.id) ?? []).map((set) => ({ set_id: set.id, kind, outcome: null, bound: null, detail }));
}

/** What suspended an offer: the flag on it, its market, or the match. */
export function suspensionDetail(state: MatchState, offer: OfferInput): string {
  if (offer.suspended) return 'the feed marked this offer suspended';
  if (state.live.suspended) return 'the match was suspended when this offer came';
  return 'its market was suspended when this offer came';
}

/** Why a set does not apply to the offer at all (another line, or timed and outside its minutes), or null when it applies. */
export function notApplicable(state: MatchState, offer: OfferInput, set: ThresholdSetSpec): string | null {
  if (set.line !== null && offer.line !== null && set.line !== offer.line) {
    return `the set is for line ${formatLine(set.line)}; this offer is at line ${formatLine(offer.line)}`;
  }
  if (set.timedBefore !== null) {
    const before = state.statics.match.start.getTime() - offer.feedMs;
    if (!offer.prematch || before < 0) return `the set is timed for the ${set.timedBefore} minutes before kick-off; this offer came after kick-off`;
    if (before > set.timedBefore * 60_000)
      return `the set is timed for the ${set.timedBefore} minutes before kick-off; this offer came ${Math.floor(before / 60_000)} minutes before`;
  }
  return null;
}

/** How far each kind got towards firing: the reason given is the furthest any outcome got. */
const PROGRESS = { clear: 0, held: 1, confirming: 2, ready: 3 } as const;

/** Why an evaluated set fired none of its outcomes on the offer: its outcome nearest to firing says. */
export function evaluatedReason(state: MatchState, offer: OfferInput, set: ThresholdSetSpec, steps: readonly OutcomeStep[]): SetReason {
  const base = { set_id: set.id, bound: null, outcome: null };
  const nearest = [...steps].sort((a, b) => PROGRESS[b.step] - PROGRESS[a.step])[0];
  if (!nearest) return { ...base, kind: 'NOT_MET', detail: 'this offer quotes none of the set’s outcomes' };
  const { outcome, step, bound } = nearest;
  switch (step) {
    case 'ready':
      return { ...base, outcome, kind: 'HELD', bound: bound?.reason ?? null, detail: bound?.detail ?? 'held back by a market bound' };
    case 'confirming': {
      const streak = state.outcomeStates.get(`${set.id}:${outcome}`)?.streak ?? 1;
      const passes = passCount(offer.market.meta);
      return {
        ...base,
        outcome,
        kind: 'CONFIRMING',
        detail: `${outcome} met its condition on ${streak} offer${streak === 1 ? '' : 's'} in a row; the market needs ${passes} (pass threshold)`,
      };
    }
    case 'held':
      return {
        ...base,
        outcome,
        kind: 'NOT_REARMED',
        detail: `${outcome} fired earlier and its price has not left the threshold since, so it is not re-armed`,
      };
    case 'clear':
      return { ...base, kind: 'NOT_MET', detail: 'no outcome met its condition at these odds' };
  }
}
