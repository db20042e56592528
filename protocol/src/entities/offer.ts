import { Type, type Static } from 'typebox';
import { Id, Line, NamedRef, Nullable, Odds, Timestamp } from '../common';
import { ScoreNodeName, SubNodeName } from './score';

/** One outcome of an offer as the feed gives it: label, line and odds, both in thousandths. */
export const OddsOutcome = Type.Object({ label: Type.String({ maxLength: 200 }), line: Nullable(Line), odds: Odds });
export type OddsOutcome = Static<typeof OddsOutcome>;

/** What was sent for an offer (SPEC §3 delivery.log); parts a channel has no use for are null. */
export const DeliveryLog = Type.Object({
  subject: Nullable(Type.String()),
  body: Nullable(Type.String()),
  cta: Nullable(Type.String()),
  content: Nullable(Type.String()),
  /** The fired outcome whose text this is (several may fire on one offer; see docs/engine-rules.md "Content"). */
  outcome: Type.Optional(Nullable(Type.String())),
  /** The threshold set that fired that outcome (the delivery's set; the lowest id when two did). */
  set_id: Type.Optional(Nullable(Id)),
});
export type DeliveryLog = Static<typeof DeliveryLog>;

/**
 * What became of an offer once the engine evaluated it: still RECEIVED (not evaluated yet),
 * TRIGGERED (a threshold set fired and content went out), SKIPPED (nothing fired, the market's
 * bounds forbade it, or it arrived after a newer offer of its market) or SUSPENDED (the market or
 * match was suspended: never fired on). The spec leaves the values open; they are decided here.
 */
export const OfferStatus = Type.Enum(['RECEIVED', 'TRIGGERED', 'SKIPPED', 'SUSPENDED']);
export type OfferStatus = Static<typeof OfferStatus>;

/**
 * Why a threshold set of the offer's market did not fire on it, as the engine decided at the time:
 * SUSPENDED (the offer, its market or the match was suspended: nothing is evaluated), STALE (older
 * than an offer already evaluated), ENGINE_OFF (the provider's engine is switched off), MATCH_OFF (the feed says the match is
 * postponed, cancelled or abandoned: nothing is sent for it),
 * NOT_APPLICABLE (a set for another line, or timed and outside its minutes before kick-off),
 * NOT_MET (no outcome met its condition), NOT_REARMED (met, but it fired before and the price has
 * not cleared since), CONFIRMING (met, but not yet for pass_threshold offers in a row), HELD (ready,
 * held back by a market bound: `bound` names it, e.g. MAX_THRESHOLD for an exhausted market).
 */
export const SetReasonKind = Type.Enum(['SUSPENDED', 'STALE', 'ENGINE_OFF', 'MATCH_OFF', 'NOT_APPLICABLE', 'NOT_MET', 'NOT_REARMED', 'CONFIRMING', 'HELD']);
export type SetReasonKind = Static<typeof SetReasonKind>;

export const SetReason = Type.Object({
  set_id: Id,
  kind: SetReasonKind,
  /** The outcome the reason is about (the one nearest to firing), where it is about one. */
  outcome: Nullable(Type.String()),
  /** HELD: the market bound that held it, a SuppressionReason (kept as a string: engine.ts imports this file). */
  bound: Nullable(Type.String()),
  /** The figures, in the operator's words ("market fired 3 of max 3 times in this match"). */
  detail: Type.String(),
});
export type SetReason = Static<typeof SetReason>;

/**
 * An offer, or feed event (SPEC §3): the odds of one market of a match at one moment. The Graph tab
 * charts them, the Feed tab lists them; the live path pushes them (topics 'feed' and 'offers').
 */
export const Offer = Type.Object({
  id: Id,
  match_id: Id,
  market_id: Id,
  market: NamedRef,
  /** Odds (thousandths) per outcome key of the market type (home, draw, away...): one chart line each. */
  outcome_map: Type.Record(Type.String(), Odds),
  score: ScoreNodeName,
  sub_node: Nullable(SubNodeName),
  leaf_node: Nullable(SubNodeName),
  /** Match clock in seconds; null before kick-off. */
  match_time: Nullable(Type.Integer({ minimum: 0 })),
  prematch: Type.Boolean(),
  status: OfferStatus,
  created_at: Timestamp,
  odds: Type.Array(OddsOutcome),
  /** Names of the contacts the offer targets (the Feed tab's 'targeting'). */
  contact_names: Type.Array(Type.String()),
  delivery: Nullable(Type.Object({ log: DeliveryLog })),
  /** The feed message as received, shown when a row is selected. */
  raw: Type.Optional(Type.Unknown()),
  /** Arrival order within the match, offers and events together (a recording keeps it); null before it was kept. */
  arrival: Type.Optional(Nullable(Type.Integer())),
  /** Per threshold set of its market that did not fire: why, as decided then (absent for offers decided before it was kept). */
  reasons: Type.Optional(Type.Array(SetReason)),
  /**
   * An offer that fired (TRIGGERED) but sent nothing (no delivery to anyone): why, from its stored
   * suppressions, one per reason (a SuppressionReason kept as a string, and its detail in the
   * operator's words). Absent when something was sent or the offer did not fire.
   */
  nothing_sent: Type.Optional(Type.Array(Type.Object({ reason: Type.String(), detail: Type.String() }))),
});
export type Offer = Static<typeof Offer>;

/** What a match's feed sorts by on the server (the Feed tab's columns; `order_by`, with a leading '-' for descending). */
export const FEED_SORT_FIELDS = ['id', 'created_at', 'sent_at', 'match_time', 'status', 'market'] as const;
export type FeedSortField = (typeof FEED_SORT_FIELDS)[number];

/**
 * Feed events and offers are the same record (SPEC §3 "Offer / feed event").
 * @alias
 */
export const FeedEvent = Offer;
export type FeedEvent = Offer;
