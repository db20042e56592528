import { isCatalogEntity, type AuditActor, type ChangedEntity } from '@odds/protocol';
import type { ChangeBus, Change } from '../engine/changes';
import type { Written } from './written';

/**
 * The notices of writes of catalogue records every console shows (protocol's live-catalog.ts:
 * providers): one per provider written, naming it (`provider_id`) and the record with its actor
 * (`entities`), about no match (`match_id` 0, no topics). Each relay sends it to all of its
 * consoles, which read the providers (and a match page its match) again.
 */
export function catalogNotices(written: readonly Pick<Written, 'entity' | 'id' | 'action' | 'actor'>[]): Change[] {
  return written
    .filter((change) => isCatalogEntity(change.entity))
    .map((change) => ({
      match_id: 0,
      topics: [],
      provider_id: change.id,
      entities: [{ entity: change.entity, id: change.id, action: change.action, actor: change.actor }],
    }));
}

/**
 * The notice of a connector reassign: the matches whose header changed (`match_ids`: both
 * events' matches) and the match written, by whom. The relay tells each of those matches' rooms;
 * no topic is polled (`match_id` 0). Null when no match changed.
 */
export function matchWriteNotice(matchIds: readonly number[], write: { id: number; actor: AuditActor }): Change | null {
  if (matchIds.length === 0) return null;
  const entity: ChangedEntity = { entity: 'match', id: write.id, action: 'update', actor: write.actor };
  return { match_id: 0, topics: [], match_ids: [...matchIds], entities: [entity] };
}

/** Announces a match write at once (writes outside versionedWrite: the UOF adapter's links). */
export function announceMatchWrite(bus: ChangeBus, matchIds: readonly number[], write: { id: number; actor: AuditActor }): void {
  const notice = matchWriteNotice(matchIds, write);
  if (notice) bus.publish(notice);
}
