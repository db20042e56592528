import type { FastifyInstance } from 'fastify';
import { ENTITY_TOPICS, routes } from '@odds/protocol';
import { listAudit } from '../coedit/history';
import { announceCatalogWrites } from '../coedit/catalog-notices';
import { announceProviderWrites } from '../coedit/provider-notices';
import { onWritten } from '../coedit/versioned';
import type { Db } from '../db/client';
import { engineFor } from '../engine/engine';
import { implement } from '../http/implement';

/**
 * History of every write through the API (coedit/versioned.ts writes it), and the change notices
 * of edits: a committed write to a match's table is announced on the change stream with its topic
 * and actor, so the relay pushes it to the match's room at once; a write of a provider-wide record
 * is announced with its provider, for the consoles that follow it; a provider's own write, for all.
 */
export async function auditRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.audit, async ({ query }) => listAudit(db, query));

  const stop = onWritten((written, writtenDb) => {
    if (writtenDb !== db) return;
    for (const change of written) {
      const topic = ENTITY_TOPICS[change.entity as keyof typeof ENTITY_TOPICS];
      if (!topic || change.matchId === null) continue;
      engineFor(db).bus.publish({ match_id: change.matchId, topics: [topic], entity: change.entity, entity_id: change.id, actor: change.actor });
    }
    // Provider-wide records (market settings, templates, content items and groups) go to the provider's consoles.
    announceProviderWrites(engineFor(db).bus, written);
    // Providers (their active flag) go to every console: selectors and match headers show them.
    announceCatalogWrites(engineFor(db).bus, written);
  });
  app.addHook('onClose', async () => stop());
}
