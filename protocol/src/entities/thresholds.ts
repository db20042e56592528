import { Type, type Static, type TProperties, type TSchema } from 'typebox';
import { Id, LineOption, NamedRef, Nullable, Odds } from '../common';
import { VersionField } from './audit';

export const ThresholdType = Type.Enum(['VALUE', 'RANGE', 'RELATIVE']);
export type ThresholdType = Static<typeof ThresholdType>;

/** Thresholds are keyed by the outcome keys of the market type (home, draw, away, over...). */
const ByOutcome = <T extends TSchema>(threshold: T) =>
  Type.Record(Type.String({ minLength: 1, maxLength: 64 }), threshold, { minProperties: 1, maxProperties: 64 });

/** VALUE: fires when the odds reach the value; min and max (FEED contacts only) bound them. */
export const ValueThreshold = Type.Object({ value: Odds, min: Type.Optional(Odds), max: Type.Optional(Odds) });
export type ValueThreshold = Static<typeof ValueThreshold>;

/** RANGE: fires when the odds lie within from..to. */
export const RangeThreshold = Type.Object({ from: Odds, to: Odds });
export type RangeThreshold = Static<typeof RangeThreshold>;

/** Defaults of a relative threshold (SPEC §3: RISE, VALUE, MINUTES, START). */
export const RELATIVE_THRESHOLD_DEFAULTS = {
  direction: 'RISE',
  metric: 'VALUE',
  time_unit: 'MINUTES',
  time_basis: 'START',
} as const;

/**
 * RELATIVE: fires when the odds RISE or DROP by `value` within `time_amount` time units; value is a
 * PERCENT of the odds or an absolute VALUE in thousandths; time is measured on the REAL (wall)
 * clock, the GAME clock, or since the START (first offer of the match). Absent fields take
 * RELATIVE_THRESHOLD_DEFAULTS; the schema cannot say so itself, as JSON Schema defaults inside a
 * union (the threshold set is one) are never applied and ajv's strict mode refuses them.
 */
export const RelativeThreshold = Type.Object({
  direction: Type.Optional(Type.Enum(['RISE', 'DROP'])),
  metric: Type.Optional(Type.Enum(['PERCENT', 'VALUE'])),
  value: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000 }),
  time_amount: Type.Integer({ minimum: 1, maximum: 100_000 }),
  time_unit: Type.Optional(Type.Enum(['MINUTES', 'SECONDS'])),
  time_basis: Type.Optional(Type.Enum(['REAL', 'GAME', 'START'])),
});
export type RelativeThreshold = Static<typeof RelativeThreshold>;

export const ValueThresholds = ByOutcome(ValueThreshold);
export const RangeThresholds = ByOutcome(RangeThreshold);
export const RelativeThresholds = ByOutcome(RelativeThreshold);

/** One variant per type, so `type` tells which shape `thresholds` has (a discriminated union). */
const byType = <P extends TProperties>(properties: P) =>
  Type.Union([
    Type.Object({ ...properties, type: Type.Literal('VALUE'), thresholds: ValueThresholds }),
    Type.Object({ ...properties, type: Type.Literal('RANGE'), thresholds: RangeThresholds }),
    Type.Object({ ...properties, type: Type.Literal('RELATIVE'), thresholds: RelativeThresholds }),
  ]);

/** Minutes before kick-off a timed threshold set applies (SPEC §3 timed.before). */
const Timed = Type.Object({ before: Type.Integer({ minimum: 0, maximum: 10_080 }) });

/** A threshold set of a match and market (SPEC §3 "Match threshold set"); contact is optional. */
export const MatchThresholdSet = byType({
  id: Id,
  ...VersionField,
  match_id: Id,
  market_id: Id,
  market: NamedRef,
  contact_id: Nullable(Id),
  contact: Nullable(NamedRef),
  line: Nullable(LineOption),
  timed: Nullable(Timed),
});
export type MatchThresholdSet = Static<typeof MatchThresholdSet>;

/**
 * Body of a match threshold save (SPEC §7 `POST thresholds`). Every form may also save the set as a
 * named template (`saveAsTemplate`), optionally the market's default; `line` is for dynamic-line markets.
 */
export const MatchThresholdInput = byType({
  market_id: Id,
  ...VersionField,
  /** Required to save over an existing set of the same market, contact and line (else 409 with that set). */
  replace: Type.Optional(Type.Boolean()),
  contact_id: Type.Optional(Nullable(Id)),
  line: Type.Optional(Nullable(LineOption)),
  timed: Type.Optional(Nullable(Timed)),
  saveAsTemplate: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
  saveAsTemplateDefault: Type.Optional(Type.Boolean()),
});
export type MatchThresholdInput = Static<typeof MatchThresholdInput>;

/** A saved threshold (template) of a provider's market (SPEC §3 "Saved threshold"). */
export const SavedThreshold = byType({
  id: Id,
  ...VersionField,
  market_id: Id,
  name: Nullable(Type.String()),
  is_default: Type.Boolean(),
  contact: Nullable(NamedRef),
  channel: Nullable(NamedRef),
  line: Nullable(LineOption),
});
export type SavedThreshold = Static<typeof SavedThreshold>;
