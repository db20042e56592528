/**
 * Changes to what a match page's header shows, over the live path: the match's connector (the
 * event it belongs to, and so the providers carrying it) and the providers themselves (their
 * active flag). Like provider-wide data (live-provider.ts) the events carry no data: which record,
 * who, when. The console reads the match (or the providers) again through the API with its own
 * token and marks the header 'changed by Ana just now'.
 *
 * - A connector reassign (`POST /api/1/matches/connect/:from/to/:to`) changes every match of the
 *   source's old event and of the target's event: the change notice lists them (`match_ids`) and
 *   each relay sends `matchChanged` to the sockets watching each of them.
 * - A provider's active toggle (`POST /api/1/providers/:providerId`) concerns every console (its
 *   provider selector, and any match its provider carries): the notice names the provider
 *   (`provider_id`, `entities` [{entity: 'provider'}]) and each relay sends `catalogChanged` to
 *   every socket of its own that is not a wall display.
 */
import type { AuditAction, AuditActor } from './entities/audit';

/** Relay → match room: the match's own record changed (its connector); read the match again. */
export interface MatchChangedPayload {
  matchId: number;
  /** The record written: the reassigned match (which may be another match of the same event). */
  entity: 'match';
  id: number;
  action: AuditAction;
  actor: AuditActor;
  /** When the write was announced (ISO-8601). */
  at: string;
}

/**
 * The records every console shows whatever it works in: providers, and the kill switch
 * (`send_stop`, its banner; the notice's `provider_id` is the switch's provider, absent for the deployment's).
 */
export const CATALOG_ENTITIES = ['provider', 'send_stop'] as const;
export type CatalogEntity = (typeof CATALOG_ENTITIES)[number];
export const isCatalogEntity = (entity: string): entity is CatalogEntity => (CATALOG_ENTITIES as readonly string[]).includes(entity);

/** Relay → every console: a catalogue record changed (a provider was activated or deactivated). */
export interface CatalogChangedPayload {
  entity: CatalogEntity;
  id: number;
  action: AuditAction;
  actor: AuditActor;
  at: string;
}
