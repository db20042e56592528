import { isCatalogEntity, type CatalogChangedPayload, type ChangeNotice, type MatchChangedPayload } from '@odds/protocol';

/** Where the events of a catalogue notice go on this instance (each instance reads the change stream itself). */
export interface CatalogOutlets {
  /** To the sockets of this instance watching the match. */
  toMatch(matchId: number, payload: MatchChangedPayload): void;
  /** To every console (not wall display) socket of this instance that sees the provider. */
  /** To every console that sees the provider (null: every console). */
  toConsoles(payload: CatalogChangedPayload, providerId: number | null): void;
}

/**
 * The header changes of protocol's live-catalog.ts: a notice naming matches (`match_ids`, a
 * connector reassign) becomes one `matchChanged` per match for its watchers; one naming a
 * provider's own record (`provider_id` + an `entities` entry of entity 'provider') or the kill
 * switch (entity 'send_stop', the deployment's without a provider) becomes one `catalogChanged` for every console. Returns how many events it sent (0 for other notices).
 */
export function forwardCatalogNotice(notice: ChangeNotice, out: CatalogOutlets): number {
  let sent = 0;
  for (const changed of notice.entities ?? []) {
    const action = changed.action ?? 'update';
    if (changed.entity === 'match') {
      for (const matchId of notice.match_ids ?? []) {
        out.toMatch(matchId, { matchId, entity: 'match', id: changed.id, action, actor: changed.actor, at: notice.at });
        sent++;
      }
    } else if (isCatalogEntity(changed.entity) && (notice.provider_id !== undefined || changed.entity === 'send_stop')) {
      // A deployment-wide kill switch names no provider: every console hears of it.
      out.toConsoles({ entity: changed.entity, id: changed.id, action, actor: changed.actor, at: notice.at }, notice.provider_id ?? null);
      sent++;
    }
  }
  return sent;
}
