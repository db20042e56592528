import { Type, type Static } from 'typebox';
import { Nullable } from '../common';

/**
 * Where a synced catalog row comes from (docs/catalog.md): the vendor (`uof`) and its id
 * (`sr:competitor:7001`); null on a row made by hand. Read-only: only the sync writes it.
 */
export const SyncOrigin = Type.Object({ source: Type.String(), ref: Type.String() });
export type SyncOrigin = Static<typeof SyncOrigin>;

/** The read-only sync fields of a league, season, team or match (optional: older replies lack them). */
export const SyncFields = {
  sync: Type.Optional(Nullable(SyncOrigin)),
  /** Fields an operator changed by hand (`short_name`, `team_key`, `name`…): the sync never writes them again. */
  overrides: Type.Optional(Type.Array(Type.String())),
};
