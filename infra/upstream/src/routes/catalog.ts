import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { listLeagues } from '../catalog/leagues';
import { getMatch, listMatches } from '../catalog/matches';
import { listProviders, listSports } from '../catalog/providers';
import type { Db } from '../db/client';
import { Errors } from '../errors';
import { implement } from '../http/implement';

export async function catalogRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // The provider selector offers only the providers the operator is granted (null: every one).
  implement(app, routes.providers, async ({ query, user }) => {
    const results = await listProviders(db, query.active_only ?? false);
    const granted = user.provider_ids;
    return { results: granted ? results.filter((provider) => granted.includes(provider.id)) : results };
  });

  implement(app, routes.sports, async () => ({ results: await listSports(db) }));

  implement(app, routes.leagues, async ({ params, query }) => listLeagues(db, params.p, params.s, query));

  implement(app, routes.matches, async ({ params, query }) => listMatches(db, params.p, params.s, query));

  implement(app, routes.match, async ({ params }) => {
    const match = await getMatch(db, params.matchId);
    if (!match) throw new Errors.NotFound('Match', params.matchId);
    return match;
  });
}
