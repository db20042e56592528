import { formatOdds, type MarketMeta, type SuppressionReason } from '@odds/protocol';

/** Where the match and the threshold stand when an outcome is ready to fire. */
export interface BoundsContext {
  outcome: string;
  odds: number;
  /** Whole match minutes on the clock; 0 before kick-off. */
  minute: number;
  gameS: number;
  /** Match clock (s) of the last goal, null if none yet. */
  lastGoalS: number | null;
  /** Firings of this market in this match so far. */
  marketFirings: number;
  feedMs: number;
  lastFiredMs: number | null;
}

export interface Bound {
  reason: SuppressionReason;
  detail: string;
}

/**
 * The market's settings (SPEC §3 Market.meta) bound when its thresholds may fire. Checked in this
 * order, the first that forbids wins:
 * - first_minute..last_minute: only while the match clock is within them (prematch counts as 0);
 * - send_delay_minutes: not within that many match minutes of the last goal (prices right after a
 *   goal are still settling, and an offer at a price about to move is a bad offer);
 * - {outcome}_min..{outcome}_max of meta.thresholds: the odds the market accepts for that outcome;
 * - pass_threshold_timeout: a minimum interval in seconds (feed time) between two firings of the
 *   same threshold;
 * - max_threshold: at most this many firings of the market in the match, all threshold sets together.
 * pass_threshold is not a bound but the confirmation count (see arming.ts).
 */
export function checkBounds(meta: MarketMeta, ctx: BoundsContext): Bound | null {
  const first = meta.first_minute ?? null;
  const last = meta.last_minute ?? null;
  if (first !== null && ctx.minute < first) return { reason: 'OUTSIDE_MINUTES', detail: `minute ${ctx.minute} is before the first minute ${first}` };
  if (last !== null && ctx.minute > last) return { reason: 'OUTSIDE_MINUTES', detail: `minute ${ctx.minute} is after the last minute ${last}` };

  const delay = meta.send_delay_minutes ?? 0;
  if (delay > 0 && ctx.lastGoalS !== null && ctx.gameS - ctx.lastGoalS < delay * 60) {
    return { reason: 'SEND_DELAY', detail: `within ${delay} min of the goal at minute ${Math.floor(ctx.lastGoalS / 60) + 1}` };
  }

  const min = meta.thresholds?.[`${ctx.outcome}_min`];
  const max = meta.thresholds?.[`${ctx.outcome}_max`];
  if ((min !== undefined && ctx.odds < min) || (max !== undefined && ctx.odds > max)) {
    const band = `${min !== undefined ? formatOdds(min) : '…'}–${max !== undefined ? formatOdds(max) : '…'}`;
    return { reason: 'MARKET_ODDS_BOUNDS', detail: `${ctx.outcome} odds ${formatOdds(ctx.odds)} outside the market's ${band}` };
  }

  const interval = meta.pass_threshold_timeout ?? 0;
  if (interval > 0 && ctx.lastFiredMs !== null && Math.abs(ctx.feedMs - ctx.lastFiredMs) < interval * 1000) {
    return { reason: 'MIN_INTERVAL', detail: `fired ${Math.round(Math.abs(ctx.feedMs - ctx.lastFiredMs) / 1000)} s ago; minimum interval ${interval} s` };
  }

  const cap = meta.max_threshold ?? null;
  if (cap !== null && ctx.marketFirings >= cap) {
    return { reason: 'MAX_THRESHOLD', detail: `market fired ${ctx.marketFirings} of max ${cap} times in this match` };
  }
  return null;
}

/** The market's pass_threshold as a count of consecutive offers (at least 1). */
export const passCount = (meta: MarketMeta): number => Math.max(1, Math.floor(meta.pass_threshold ?? 1));
