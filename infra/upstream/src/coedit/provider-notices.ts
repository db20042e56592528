import { isProviderEntity, type ChangedEntity } from '@odds/protocol';
import type { Change } from '../notices/bus';
import type { Written } from './written';

/**
 * The notices of writes of provider-wide records (market settings, saved threshold templates,
 * content items and groups): one per provider with every record the write changed and who changed
 * it (`match_id` 0, no topics, `provider_id` + `entities`). The relay sends each to the consoles
 * following that provider; they read the list again themselves.
 */
export function providerNotices(written: readonly (Pick<Written, 'entity' | 'id' | 'action' | 'actor'> & { providerId?: number | null })[]): Change[] {
  const byProvider = new Map<number, ChangedEntity[]>();
  for (const change of written) {
    if (change.providerId == null || !isProviderEntity(change.entity)) continue;
    const list = byProvider.get(change.providerId) ?? [];
    list.push({ entity: change.entity, id: change.id, action: change.action, actor: change.actor });
    byProvider.set(change.providerId, list);
  }
  return [...byProvider].map(([providerId, entities]) => ({ match_id: 0, topics: [], provider_id: providerId, entities }));
}
