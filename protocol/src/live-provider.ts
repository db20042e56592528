/**
 * Provider-wide data over the live path: market settings, saved threshold templates, content
 * items and content groups are the provider's, not a match's, yet match pages and screens show
 * them. A console follows the provider it works in (`provider {providerId}` on its socket); a
 * committed write of such a record is announced on the change stream with the record's provider
 * (`ChangeNotice.provider_id` + `entities`), and the relay sends the sockets following that
 * provider one small `changed` event per record: which record, who, when, no data. The console
 * reads the affected list again through the API with its own token and marks the row.
 */
import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common';

/**
 * The provider-wide entities whose writes are pushed to the provider's consoles. A tracker belongs
 * to a match (its topic) but is listed and edited provider-wide (the Trackers screen), by its contact's provider.
 */
export const PROVIDER_ENTITIES = ['market', 'saved_threshold', 'content_item', 'content_group', 'contact', 'tracker'] as const;
export type ProviderEntity = (typeof PROVIDER_ENTITIES)[number];
export const ProviderEntity = Type.Union(PROVIDER_ENTITIES.map((entity) => Type.Literal(entity)));

/** One record a write changed, as a change notice names it (`ChangeNotice.entities`). */
export const ChangedEntity = Type.Object({
  entity: Type.String(),
  id: Id,
  action: Type.Optional(Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')])),
  actor: Type.Object({ id: Nullable(Id), name: Type.String() }),
});
export type ChangedEntity = Static<typeof ChangedEntity>;

/** The socket.io room of the consoles working in a provider. */
export const providerRoom = (providerId: number) => `provider:${providerId}`;

/** Client → relay: follow this provider's data (replaces the provider followed before). */
export const ProviderRequest = Type.Object({ providerId: Id });
export type ProviderRequest = Static<typeof ProviderRequest>;

/** Relay → client: a record of the followed provider changed; read its list again. */
export interface ProviderChangedPayload {
  providerId: number;
  entity: ProviderEntity;
  id: number;
  action: 'create' | 'update' | 'delete';
  actor: { id: number | null; name: string };
  /** When the write was announced (ISO-8601). */
  at: string;
}

export const isProviderEntity = (entity: string): entity is ProviderEntity => (PROVIDER_ENTITIES as readonly string[]).includes(entity);
