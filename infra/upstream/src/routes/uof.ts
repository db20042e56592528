import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { DEFAULTS } from '@odds/ops';
import { announceMatchWrite } from '../coedit/catalog-notices';
import { expectedVersion, VersionConflict } from '../coedit/conflict';
import { actorOf } from '../coedit/versioned';
import type { Db } from '../db/client';
import { readFeedHealth, readMatchFeedHealth } from '../feeds/health/read';
import { feedHealthSettings, type FeedHealthSettings } from '../feeds/health/settings';
import { listDeadLetters, requestRedrive } from '../feeds/uof/dead-letters';
import { readLink, writeLink } from '../feeds/uof/links';
import { deleteMapping, listMappings, saveMapping } from '../feeds/uof/mapping-store';
import { implement } from '../http/implement';

/** A match's UOF event (read, link, unlink), the UOF market mapping, and the feed health of every live match. */
export async function uofRoutes(app: FastifyInstance, { db, feedHealth }: { db: Db; feedHealth?: FeedHealthSettings }) {
  const settings = feedHealth ?? feedHealthSettings(DEFAULTS);
  const bus = app.changes;
  // A stale link write answers with the conflict body (the current link, who changed it); other errors go to the service's handler.
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof VersionConflict) return reply.status(409).send(error.body);
    throw error;
  });

  implement(app, routes.matchUofLink, async ({ params }) => readLink(db, params.matchId));

  implement(app, routes.matchUofLinkSave, async ({ params, body, request, user }) => {
    const actor = actorOf(user);
    const link = await writeLink(db, params.matchId, body.event, expectedVersion(request.headers, body), actor);
    // The match page's header shows the event: its watchers read the match again.
    announceMatchWrite(bus, [params.matchId], { id: params.matchId, actor });
    return link;
  });

  implement(app, routes.matchUofLinkDelete, async ({ params, request, user }) => {
    const actor = actorOf(user);
    const link = await writeLink(db, params.matchId, null, expectedVersion(request.headers, undefined), actor);
    announceMatchWrite(bus, [params.matchId], { id: params.matchId, actor });
    return link;
  });

  implement(app, routes.uofMarketMap, async () => ({ results: await listMappings(db) }));

  implement(app, routes.uofMarketMapSave, async ({ params, body, user }) => saveMapping(db, params.uofMarketId, body, actorOf(user)));

  implement(app, routes.uofMarketMapDelete, async ({ params, user }) => deleteMapping(db, params.uofMarketId, actorOf(user)));

  implement(app, routes.feedHealth, async () => readFeedHealth(db, settings));

  implement(app, routes.matchFeedHealth, async ({ params }) => readMatchFeedHealth(db, settings, params.matchId));

  implement(app, routes.uofDeadLetters, async ({ query }) => listDeadLetters(db, query.limit ?? 50));

  // Any operator may drive a dead letter again (as a FAILED delivery's retry); a wall display's token may not (a write).
  implement(app, routes.uofDeadLetterRedrive, async ({ params, user }) => requestRedrive(db, params.deadLetterId, actorOf(user)));
}
