import { Type, type Static } from 'typebox';
import { Id } from '../common';

export const Season = Type.Object({ id: Id, name: Type.String() });
export type Season = Static<typeof Season>;

export const League = Type.Object({
  id: Id,
  name: Type.String(),
  provider_name: Type.String(),
  path: Type.String(),
  unique_id: Type.String(),
  event_sync: Type.Boolean(),
  seasons: Type.Array(Season),
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
