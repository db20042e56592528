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
});
export type Offer = Static<typeof Offer>;

/** Feed events and offers are the same record (SPEC §3 "Offer / feed event"). */
export const FeedEvent = Offer;
export type FeedEvent = Offer;
