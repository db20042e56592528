import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { leagueTable } from '../events/league-table';
import { getLeague } from '../catalog/leagues';
import { listMatches } from '../catalog/matches';
import type { Db } from '../db/client';
import { Errors } from '../errors';
import { implement } from '../http/implement';

/** One league, its matches and its season tables (computed from the real results). */
export async function leagueRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const leagueOr404 = async (leagueId: number) => {
    const record = await getLeague(db, leagueId);
    if (!record) throw new Errors.NotFound('League', leagueId);
    return record;
  };

  implement(app, routes.league, async ({ params }) => (await leagueOr404(params.leagueId)).league);

  // The league's own provider and sport: a league id says both.
  implement(app, routes.leagueMatches, async ({ params, query }) => {
    const { providerId, sportId } = await leagueOr404(params.leagueId);
    return listMatches(db, providerId, sportId, { ...query, league_id: params.leagueId });
  });

  implement(app, routes.leagueTable, async ({ params, query }) => leagueTable(db, { sportId: params.s, leagueId: params.leagueId, ...query }));

  implement(app, routes.leagueSeasonTable, async ({ params, query }) =>
    leagueTable(db, { sportId: params.s, leagueId: params.leagueId, seasonId: params.seasonId, ...query }),
  );

  implement(app, routes.leagueTeamTable, async ({ params, query }) =>
    leagueTable(db, { sportId: params.s, leagueId: params.leagueId, seasonId: params.seasonId, teamId: params.teamId, ...query }),
  );
}
