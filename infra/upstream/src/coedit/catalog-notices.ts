import { isCatalogEntity, type AuditActor, type ChangedEntity } from '@odds/protocol';
import type { ChangeBus, Change } from '../notices/bus';
import type { Written } from './written';

/**
 * The notices of writes of catalogue records every console shows (protocol's live-catalog.ts:
 * providers, the kill switch): one per record written, naming its provider (`provider_id`: the
 * provider itself or a switch's; none for the deployment's switch) and the record with its actor
 * (`entities`), about no match (`match_id` 0, no topics). Each relay sends it to all of its
 * consoles, which read the providers (a match page its match, the banner the switch) again.
 */
export function catalogNotices(written: readonly (Pick<Written, 'entity' | 'id' | 'action' | 'actor'> & { providerId?: number | null })[]): Change[] {
  return written
    .filter((change) => isCatalogEntity(change.entity))
    .map((change) => ({
      match_id: 0,
      topics: [],
      ...((change.entity === 'provider' || change.providerId != null) && { provider_id: change.entity === 'provider' ? change.id : change.providerId! }),
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
