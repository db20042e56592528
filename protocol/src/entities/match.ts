import { Type, type Static } from 'typebox';
import { Id, Nullable, Timestamp } from '../common';
import { VersionField } from './audit';
import { LeagueRef } from './league';
import { SyncFields } from './sync';

export const TeamRef = Type.Object({ id: Id, name: Type.String() });
export type TeamRef = Static<typeof TeamRef>;

export const Participant = Type.Object({ id: Id, name: Type.String(), tag: Type.String() });
export type Participant = Static<typeof Participant>;

export const MatchScore = Type.Object({ home: Type.Integer({ minimum: 0 }), away: Type.Integer({ minimum: 0 }) });
export type MatchScore = Static<typeof MatchScore>;

/**
 * How a match ended, whole (docs/match-results.md): the score after regular time (90 minutes and
 * their stoppage time, what markets settle on), after extra time where it was played (goals of
 * regular time included), and the penalty shoot-out where there was one. One record, formatted by
 * protocol's formatResult everywhere, so a wall, a table and a header never tell it differently.
 */
export const MatchResult = Type.Object({
  regular: MatchScore,
  after_extra_time: Nullable(MatchScore),
  penalties: Nullable(MatchScore),
});
export type MatchResult = Static<typeof MatchResult>;

export const Match = Type.Object({
  id: Id,
  ...VersionField,
  name: Type.String(),
  home: TeamRef,
  away: TeamRef,
  start: Timestamp,
  league: LeagueRef,
  event_id: Type.String(),
  league_unique_id: Type.String(),
  /** Id of the provider the match belongs to. */
  provider: Id,
  /** How many providers carry the same event (matches connected by event id), and their names. */
  provider_count: Type.Integer({ minimum: 1 }),
  provider_names: Type.Array(Type.String()),
  /** Score after regular time (90 minutes) and at half-time, where the match has been played. */
  score: Nullable(MatchScore),
  ht_score: Nullable(MatchScore),
  /** In play now: kicked off within the live window (what timeframe LIVE lists). */
  live: Type.Optional(Type.Boolean()),
  /** The whole result (extra time, penalties) where the match has been played. */
  result: Nullable(MatchResult),
  meta: Type.Object({
    /** Team name to its participants (players) with id, name and tag. */
    participants: Type.Record(Type.String(), Type.Array(Participant)),
  }),
  /** The season it is played in, where one is set (the edit form's). */
  season_id: Type.Optional(Nullable(Id)),
  ...SyncFields,
});
export type Match = Static<typeof Match>;

/** Timeframes a matches query may ask for; FUTURE is the Future matches table's (SPEC §9). */
export const Timeframe = Type.Union([Type.Literal('FUTURE'), Type.Literal('PAST'), Type.Literal('LIVE')]);
export type Timeframe = Static<typeof Timeframe>;
