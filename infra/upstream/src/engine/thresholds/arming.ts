/**
 * Re-arming of one outcome of a threshold set. A threshold fires on the offer where its condition
 * has held for `passCount` consecutive offers (the market's pass_threshold, at least 1), then is
 * disarmed until an offer no longer meets the condition: a price flickering around the threshold
 * fires once, and fires again only after it has really cleared and come back.
 */
export interface OutcomeState {
  armed: boolean;
  /** Consecutive offers meeting the condition while armed. */
  streak: number;
  /** The bound last recorded as a suppression while ready, so one held-back episode is recorded once. */
  blocked: string | null;
  /** Feed time of the last firing (ms), for the minimum interval. */
  lastFiredMs: number | null;
}

export const freshState = (): OutcomeState => ({ armed: true, streak: 0, blocked: null, lastFiredMs: null });

/**
 * - `clear`: the condition does not hold; the outcome is (re-)armed.
 * - `held`: it holds but the outcome already fired and has not cleared since.
 * - `confirming`: it holds, armed, but not yet for passCount offers in a row.
 * - `ready`: it may fire, if the market's bounds allow.
 */
export type ArmingStep = 'clear' | 'held' | 'confirming' | 'ready';

export function stepArming(state: OutcomeState, met: boolean, passCount: number): ArmingStep {
  if (!met) {
    state.armed = true;
    state.streak = 0;
    state.blocked = null;
    return 'clear';
  }
  if (!state.armed) return 'held';
  state.streak += 1;
  return state.streak >= Math.max(1, passCount) ? 'ready' : 'confirming';
}

/** The outcome fired: disarmed until the condition clears. */
export function markFired(state: OutcomeState, feedMs: number): void {
  state.armed = false;
  state.streak = 0;
  state.blocked = null;
  state.lastFiredMs = feedMs;
}

/**
 * A ready outcome was held back by a bound; it stays armed and fires once the bound lifts, if the
 * condition still holds. True when this is a new episode (to record as a suppression).
 */
export function markBlocked(state: OutcomeState, reason: string): boolean {
  if (state.blocked === reason) return false;
  state.blocked = reason;
  return true;
}
