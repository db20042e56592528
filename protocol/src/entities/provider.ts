import { Type, type Static } from 'typebox';
import { Id } from '../common';
import { VersionField } from './audit';

/** Sport ids of SPEC §1. */
export const SPORTS = { football: 1, iceHockey: 2, tennis: 3, basketball: 4 } as const;
export const DEFAULT_SPORT_ID = 1;
export const DEFAULT_PROVIDER_ID = 1;

export const Sport = Type.Object({ id: Id, name: Type.String() });
export type Sport = Static<typeof Sport>;

/**
 * How a sport keeps score (SPEC §3 Provider.sports.scores): the score grid (node) runs 0..max_score
 * in steps of increment for each side; sub nodes (e.g. games in a tennis set) and leaf nodes
 * (e.g. points) exist only where the sport defines them (max 0 means "none").
 */
export const ScoresDefinition = Type.Object({
  max_score: Type.Integer({ minimum: 0 }),
  increment: Type.Integer({ minimum: 1 }),
  max_sub_node: Type.Integer({ minimum: 0 }),
  sub_node_increment: Type.Integer({ minimum: 1 }),
  sub_nodes: Type.Array(Type.String()),
  max_leaf_node: Type.Integer({ minimum: 0 }),
  leaf_node_increment: Type.Integer({ minimum: 1 }),
  leaf_nodes: Type.Array(Type.String()),
});
export type ScoresDefinition = Static<typeof ScoresDefinition>;

export const ProviderSport = Type.Object({
  id: Id,
  name: Type.String(),
  scores: ScoresDefinition,
  periods: Type.Integer({ minimum: 1, maximum: 4 }),
});
export type ProviderSport = Static<typeof ProviderSport>;

export const ProviderMeta = Type.Object({ languages: Type.Array(Type.String()) });

export const Provider = Type.Object({
  id: Id,
  ...VersionField,
  name: Type.String(),
  active: Type.Boolean(),
  sports: Type.Array(ProviderSport),
  meta: ProviderMeta,
});
export type Provider = Static<typeof Provider>;

/** Body of the provider and provider control updates (SPEC §7 `{active}`). */
export const ProviderActiveInput = Type.Object({ active: Type.Boolean(), ...VersionField });
export type ProviderActiveInput = Static<typeof ProviderActiveInput>;

/** What the control service keeps per provider: whether its engine runs. */
export const ProviderControl = Type.Object({ provider_id: Id, active: Type.Boolean() });
export type ProviderControl = Static<typeof ProviderControl>;
