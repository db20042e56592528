import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { getLeague } from '../catalog/leagues';
import { connectTeams, getTeam, listTeams, saveShortName, seasonTeams, teamConnectSearch, type TeamChange } from '../catalog/teams';
import type { Db, Tx } from '../db/client';
import { Errors } from '../errors';
import { implement } from '../http/implement';
import { actorOf, versionedWrite, writeOne } from '../coedit/versioned';

/** The Teams screen: lists, short names and connecting teams across providers. */
export async function teamRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.teams, async ({ query }) => listTeams(db, query));

  implement(app, routes.leagueTeams, async ({ params, query }) => {
    if (!(await getLeague(db, params.leagueId))) throw new Errors.NotFound('League', params.leagueId);
    return listTeams(db, query, params.leagueId);
  });

  implement(app, routes.seasonTeams, async ({ params }) => seasonTeams(db, params.seasonId));

  implement(app, routes.team, async ({ params }) => getTeam(db, params.teamId));

  implement(app, routes.teamShortNameSave, async (call) =>
    writeOne(app.writes, call, 'team', call.params.teamId, (tx) => saveShortName(tx, call.params.teamId, call.body.value)),
  );

  implement(app, routes.teamConnectSearch, async ({ params, query }) => teamConnectSearch(db, params.from, query));

  // Audited (the team's connector before and after) in the reassign's transaction; a no-op records nothing.
  implement(app, routes.teamConnect, async ({ params, user }) => {
    await versionedWrite<TeamChange | null>(
      app.writes,
      { entity: 'team', actor: actorOf(user), targets: [], alsoChanged: (change) => (change ? [change] : []) },
      (tx) => connectTeams(tx as unknown as Tx, params.from, params.to),
    );
    return { success: true, id: params.to };
  });
}
