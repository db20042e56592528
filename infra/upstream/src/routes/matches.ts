import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { connectMatches, matchConnectSearch } from '../catalog/match-connect';
import { listMatchesContent } from '../catalog/match-contents';
import { copyMatch } from '../catalog/match-copy';
import { matchWriteNotice } from '../coedit/catalog-notices';
import type { Db, Tx } from '../db/client';
import { implement } from '../http/implement';
import { actorOf, versionedWrite } from '../coedit/versioned';

/** Matches across the catalogue: content of several matches, connecting and copying. */
export async function matchesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.matchesContent, async ({ query }) => listMatchesContent(db, query));

  implement(app, routes.matchConnectSearch, async ({ params, query }) => matchConnectSearch(db, params.from, query));

  // The console then opens the target match (SPEC §4). Audited as a change of the source match (its
  // event id) and of the teams it reassigns, in the same transaction with its notice: every match
  // of both events hears of it once it committed.
  implement(app, routes.matchConnect, async ({ params, user }) => {
    const actor = actorOf(user);
    await versionedWrite<Awaited<ReturnType<typeof connectMatches>>>(
      app.writes,
      {
        entity: 'match',
        actor,
        targets: [{ id: params.from, expected: null }],
        alsoChanged: (connected) => connected.teams,
        notices: (connected) => [matchWriteNotice(connected.matchIds, { id: params.from, actor })].filter((notice) => notice !== null),
      },
      (tx) => connectMatches(tx as unknown as Tx, params.from, params.to),
    );
    return { success: true, id: params.to };
  });

  // Audited as the records it creates (so the match's watchers see them appear).
  implement(app, routes.matchCopy, async ({ params, user }) => {
    await versionedWrite<Awaited<ReturnType<typeof copyMatch>>>(
      app.writes,
      {
        entity: 'match_content',
        actor: actorOf(user),
        targets: [],
        created: (copied) => copied.contents,
        alsoCreated: (copied) => copied.thresholds.map((id) => ({ entity: 'threshold_set' as const, id })),
      },
      (tx) => copyMatch(tx, params.to, params.from),
    );
    return { success: true, id: params.to };
  });
}
