import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { connectMatches, matchConnectSearch } from '../catalog/match-connect';
import { listMatchesContent } from '../catalog/match-contents';
import { copyMatch } from '../catalog/match-copy';
import type { Db } from '../db/client';
import { implement } from '../http/implement';

/** Matches across the catalogue: content of several matches, connecting and copying. */
export async function matchesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.matchesContent, async ({ query }) => listMatchesContent(db, query));

  implement(app, routes.matchConnectSearch, async ({ params, query }) => matchConnectSearch(db, params.from, query));

  // The console then opens the target match (SPEC §4).
  implement(app, routes.matchConnect, async ({ params }) => {
    await connectMatches(db, params.from, params.to);
    return { success: true, id: params.to };
  });

  implement(app, routes.matchCopy, async ({ params }) => {
    await copyMatch(db, params.to, params.from);
    return { success: true, id: params.to };
  });
}
