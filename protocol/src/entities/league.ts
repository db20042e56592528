import { Type, type Static } from 'typebox';
import { DateString, Id, Nullable } from '../common';
import { VersionField } from './audit';
import { SyncFields } from './sync';

export const Season = Type.Object({
  id: Id,
  ...VersionField,
  name: Type.String(),
  starts_on: Type.Optional(Nullable(DateString)),
  ends_on: Type.Optional(Nullable(DateString)),
  ...SyncFields,
});
export type Season = Static<typeof Season>;

export const League = Type.Object({
  id: Id,
  ...VersionField,
  name: Type.String(),
  provider_name: Type.String(),
  path: Type.String(),
  unique_id: Type.String(),
  event_sync: Type.Boolean(),
  seasons: Type.Array(Season),
  ...SyncFields,
});
export type League = Static<typeof League>;

/** The league as embedded in a match (SPEC §3 Match.league). */
export const LeagueRef = Type.Object({
  id: Id,
  name: Type.String(),
  path: Type.String(),
  provider_name: Type.String(),
  unique_id: Type.String(),
});
export type LeagueRef = Static<typeof LeagueRef>;
