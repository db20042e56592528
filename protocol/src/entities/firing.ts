/**
 * A firing: a threshold set that fired on an offer, with the outcomes that fired, each with its
 * odds, for RELATIVE the reference it moved from, and why in the operator's words.
 */
import { Type, type Static } from 'typebox';
import { Id, NamedRef, Nullable, Odds, Timestamp } from '../common';
import { ThresholdType } from './thresholds';

export const FiredOutcome = Type.Object({
  outcome: Type.String(),
  /** Null only for a firing stored before the details were kept whose offer is gone. */
  odds: Nullable(Odds),
  /** RELATIVE: the price the move was measured from, and when it was offered (feed clock). */
  reference_odds: Nullable(Odds),
  reference_at: Nullable(Timestamp),
  /** E.g. "VALUE away ≥ 3.00 reached at 3.05". */
  why: Type.String(),
});
export type FiredOutcome = Static<typeof FiredOutcome>;

export const Firing = Type.Object({
  id: Id,
  match_id: Id,
  offer_id: Nullable(Id),
  market: NamedRef,
  /** The set that fired: null type when the set has since been deleted. */
  threshold_set: Type.Object({ id: Id, type: Nullable(ThresholdType) }),
  outcomes: Type.Array(FiredOutcome),
  match_time: Nullable(Type.Integer({ minimum: 0 })),
  /** Feed clock of the offer that fired. */
  sent_at: Timestamp,
  created_at: Timestamp,
});
export type Firing = Static<typeof Firing>;
