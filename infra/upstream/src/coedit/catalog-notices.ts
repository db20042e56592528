import { isCatalogEntity, type AuditActor, type ChangedEntity } from '@odds/protocol';
import type { ChangeBus } from '../engine/changes';
import type { Written } from './versioned';

/**
 * Announces committed writes of catalogue records every console shows (protocol's live-catalog.ts:
 * providers): one notice per provider written, naming it (`provider_id`) and the record with its
 * actor (`entities`), about no match (`match_id` 0, no topics). Each relay sends it to all of its
 * consoles, which read the providers (and a match page its match) again.
 */
export function announceCatalogWrites(bus: ChangeBus, written: readonly Pick<Written, 'entity' | 'id' | 'action' | 'actor'>[]): void {
  for (const change of written) {
    if (!isCatalogEntity(change.entity)) continue;
    bus.publish({ match_id: 0, topics: [], provider_id: change.id, entities: [{ entity: change.entity, id: change.id, action: change.action, actor: change.actor }] });
  }
}

/**
 * Announces a committed connector reassign: the matches whose header changed (`match_ids`: both
 * events' matches) and the match written, by whom. The relay tells each of those matches' rooms;
 * no topic is polled (`match_id` 0).
 */
export function announceMatchWrite(bus: ChangeBus, matchIds: readonly number[], write: { id: number; actor: AuditActor }): void {
  if (matchIds.length === 0) return;
  const entity: ChangedEntity = { entity: 'match', id: write.id, action: 'update', actor: write.actor };
  bus.publish({ match_id: 0, topics: [], match_ids: [...matchIds], entities: [entity] });
}
