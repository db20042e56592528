import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { connectMatches, matchConnectSearch } from '../catalog/match-connect';
import { listMatchesContent } from '../catalog/match-contents';
import { copyMatch } from '../catalog/match-copy';
import type { Db } from '../db/client';
import { implement } from '../http/implement';
import { actorOf, versionedWrite } from '../coedit/versioned';

/** Matches across the catalogue: content of several matches, connecting and copying. */
export async function matchesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.matchesContent, async ({ query }) => listMatchesContent(db, query));

  implement(app, routes.matchConnectSearch, async ({ params, query }) => matchConnectSearch(db, params.from, query));

  // The console then opens the target match (SPEC §4).
  implement(app, routes.matchConnect, async ({ params }) => {
    await connectMatches(db, params.from, params.to);
    return { success: true, id: params.to };
  });

  // Audited as the records it creates (so the match's watchers see them appear).
  implement(app, routes.matchCopy, async ({ params, user }) => {
    await versionedWrite<Awaited<ReturnType<typeof copyMatch>>>(db, {
      entity: 'match_content', actor: actorOf(user), targets: [], created: (copied) => copied.contents,
      alsoCreated: (copied) => copied.thresholds.map((id) => ({ entity: 'threshold_set' as const, id })),
    }, (tx) => copyMatch(tx, params.to, params.from));
    return { success: true, id: params.to };
  });
}
