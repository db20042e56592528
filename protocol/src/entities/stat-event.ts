import { Type, type Static } from 'typebox';
import { Id, Nullable, Period, Timestamp } from '../common';
import { VersionField } from './audit';

/** A kind of statistical event (goal, corner, card...). */
export const EventType = Type.Object({ id: Id, name: Type.String() });
export type EventType = Static<typeof EventType>;

const Tags = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 20, uniqueItems: true });

/**
 * A statistical event recorded for a match (SPEC §3). The minute is `game_time` plus `extra_time`
 * (45+2 is game_time 45, extra_time 2, period 1; see `matchMinuteParts`). `team` and `participant`
 * are ids of the match's team and of one of its participants, where the event has them.
 */
export const StatEvent = Type.Object({
  id: Id,
  ...VersionField,
  match_id: Id,
  type: Id,
  period: Period,
  game_time: Type.Integer({ minimum: 0, maximum: 200 }),
  extra_time: Type.Integer({ minimum: 0, maximum: 60 }),
  team: Nullable(Id),
  participant: Nullable(Id),
  tags: Tags,
  timestamp: Timestamp,
  /** The team's name, in lists across matches (GET /events), where the match's teams are not at hand. */
  team_name: Type.Optional(Nullable(Type.String())),
});
export type StatEvent = Static<typeof StatEvent>;

/** One row of the stat event form: an id updates that event, no id adds one. */
export const StatEventInput = Type.Object({
  id: Type.Optional(Id),
  ...VersionField,
  match_id: Id,
  type: Id,
  period: Period,
  game_time: Type.Integer({ minimum: 0, maximum: 200 }),
  extra_time: Type.Optional(Type.Integer({ minimum: 0, maximum: 60, default: 0 })),
  team: Type.Optional(Nullable(Id)),
  participant: Type.Optional(Nullable(Id)),
  tags: Type.Optional(Tags),
  /** When it happened; the service stamps the save time when absent. */
  timestamp: Type.Optional(Timestamp),
});
export type StatEventInput = Static<typeof StatEventInput>;

/** How a match counts for a market outcome in league stats (SPEC §4 "Stat outcome symbols"). */
export const StatOutcome = Type.Enum(['positive', 'negative', 'neutral', 'unknown']);
export type StatOutcome = Static<typeof StatOutcome>;

/**
 * Body of `POST {s}/events/query` (SPEC §7): a statistics query the event store knows, by name,
 * with its parameters. A name, never query text, so no operator can run arbitrary queries.
 */
export const StatsQueryRequest = Type.Object({
  query: Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' }),
  params: Type.Record(Type.String({ maxLength: 64 }), Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean(), Type.Null()]), {
    maxProperties: 32,
  }),
});
export type StatsQueryRequest = Static<typeof StatsQueryRequest>;

/** The outcome a team reaches most often for a market (stats 2 "apex outcome per team"). */
export const ApexReply = Type.Object({
  result: Type.Object({
    apex: Nullable(Type.String()),
    /** How often, as a whole percentage of the matches counted (SPEC §9). */
    ratio: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
  }),
});
export type ApexReply = Static<typeof ApexReply>;
