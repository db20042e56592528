import { Type, type Static } from 'typebox';
import { Id, Line, NamedRef, Nullable } from '../common';
import { VersionField } from './audit';

/**
 * How the engine decides an outcome of a market type (SPEC §9). The spec names the evaluators of
 * win/draw, over/under and yes/no types and lists further ids whose evaluator it does not show;
 * those are 'special' here, for the engine to decide per type.
 */
export const MarketEvaluator = Type.Enum(['win_draw', 'over_under', 'yes_no', 'special']);
export type MarketEvaluator = Static<typeof MarketEvaluator>;

export const MARKET_TYPE_IDS_BY_EVALUATOR = {
  win_draw: [1, 7, 12, 15],
  over_under: [2, 8, 22, 23, 24, 25, 26],
  yes_no: [10, 11],
  special: [3, 5, 13, 14, 27, 34, 35],
} as const satisfies Record<MarketEvaluator, readonly number[]>;

export const MarketType = Type.Object({
  id: Id,
  ...VersionField,
  name: Type.String(),
  /** Outcome keys of the type (e.g. home, draw, away); thresholds are set per key. */
  outcomes: Type.Array(Type.String()),
  evaluator: Nullable(MarketEvaluator),
});
export type MarketType = Static<typeof MarketType>;

const Minute = Type.Integer({ minimum: 0, maximum: 200 });
const Count = Type.Integer({ minimum: 0, maximum: 1_000_000 });

/**
 * A market's settings (SPEC §3 Market.meta), which bound when its thresholds may fire
 * (ARCHITECTURE "Domain rules"). Settings are null until an operator sets them. `thresholds` maps
 * each threshold key to a number, with `{key}_min` and `{key}_max` keys bounding it.
 */
export const MarketMeta = Type.Object({
  first_minute: Type.Optional(Nullable(Minute)),
  last_minute: Type.Optional(Nullable(Minute)),
  send_delay_minutes: Type.Optional(Nullable(Minute)),
  max_threshold: Type.Optional(Nullable(Count)),
  pass_threshold: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1_000_000 }))),
  /** Seconds an outcome must stay past its threshold before it fires again. */
  pass_threshold_timeout: Type.Optional(Nullable(Count)),
  thresholds: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Number(), { maxProperties: 200 })),
  /** How the provider's market maps onto the market type; opaque to the console. */
  market_map: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  line: Type.Optional(Nullable(Line)),
  player_market: Type.Optional(Type.Boolean()),
  /** Query that selects the events the market's statistics count (an event-store bool query). */
  queries: Type.Optional(Type.Object({ bool: Type.Optional(Type.Unknown()) })),
  summary: Type.Optional(Type.Object({ name: Type.String({ maxLength: 200 }), args: Type.Record(Type.String(), Type.Unknown()) })),
});
export type MarketMeta = Static<typeof MarketMeta>;

export const Market = Type.Object({
  id: Id,
  ...VersionField,
  name: Type.String(),
  line: Nullable(Line),
  type: Type.Object({ id: Id, name: Type.Optional(Type.String()), outcomes: Type.Array(Type.String()) }),
  meta: MarketMeta,
  helper_args: Type.Object({ dynamic_line: Type.Boolean() }),
  /** Outcome key of the type to the outcome label the provider's odds use. */
  outcome_mapping: Type.Record(Type.String(), Type.String()),
});
export type Market = Static<typeof Market>;

/** A market as the match Thresholds tab lists it: flagged when the match has content for it. */
export const MatchMarket = Type.Object({ ...Market.properties, has_content: Type.Boolean() });
export type MatchMarket = Static<typeof MatchMarket>;

/** Body of a market settings save (SPEC §7 `POST core/{p}/{s}/market/{marketId} {market_meta}`). */
export const MarketMetaInput = Type.Object({ market_meta: MarketMeta, ...VersionField });
export type MarketMetaInput = Static<typeof MarketMetaInput>;

/** Rule set (SPEC §3): the markets a piece of content may be delivered for. */
export const RuleSet = Type.Object({ id: Id, name: Type.String(), markets: Type.Array(NamedRef) });
export type RuleSet = Static<typeof RuleSet>;
