import { Type, type Static } from 'typebox';
import { BoundedString, Id, Nullable } from '../common';
import { VersionField } from './audit';
import { SyncFields } from './sync';

/** A team of one provider; teams of different providers are connected to share statistics. */
export const Team = Type.Object({
  id: Id,
  ...VersionField,
  name: Type.String(),
  /** Display label of search results and connect candidates (SPEC §3 "name/title"). */
  title: Type.Optional(Type.String()),
  provider_name: Type.String(),
  short_name: Nullable(Type.String()),
  /** Names of the providers the team is connected across, shown as 'title (provider names)'. */
  providers: Type.Array(Type.String()),
  ...SyncFields,
});
export type Team = Static<typeof Team>;

/** Body of a short-name save (SPEC §7 `POST teams/{id} {value}`); empty clears it. */
export const TeamShortNameInput = Type.Object({ value: BoundedString(64), ...VersionField });
export type TeamShortNameInput = Static<typeof TeamShortNameInput>;
