import { ENTITY_TOPICS } from '@odds/protocol';
import type { Change } from '../notices/bus';
import { catalogNotices } from './catalog-notices';
import { providerNotices } from './provider-notices';
import type { Written } from './written';

/**
 * The change notices a committed write makes: a write to a match's table names its topic and actor
 * (the relay reads that table and the match's history at once and pushes the difference to the
 * match's room); a write of a
 * provider-wide record goes to the provider's consoles; a provider's own write to every console.
 */
export function noticesOf(written: readonly Written[]): Change[] {
  const notices: Change[] = [];
  for (const change of written) {
    const topic = ENTITY_TOPICS[change.entity as keyof typeof ENTITY_TOPICS];
    if (!topic || change.matchId === null) continue;
    // Its audit entry too: the match's `history` topic carries it to every console (who, before, after).
    notices.push({ match_id: change.matchId, topics: [topic, 'history'], entity: change.entity, entity_id: change.id, actor: change.actor });
  }
  return [...notices, ...providerNotices(written), ...catalogNotices(written)];
}
