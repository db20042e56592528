import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { createLeague, createSeason, updateLeague, updateSeason } from '../catalog/edit/leagues';
import { createMarketType, listCatalogMarketTypes, updateMarketType } from '../catalog/edit/market-types';
import { createMatch, updateMatch } from '../catalog/edit/matches';
import { createProvider, updateProvider } from '../catalog/edit/providers';
import { createTeam, updateTeam } from '../catalog/edit/teams';
import { matchWriteNotice } from '../coedit/catalog-notices';
import { expectedVersion } from '../coedit/conflict';
import { actorOf, createOne, versionedWrite, writeOne } from '../coedit/versioned';
import type { Db } from '../db/client';
import { requireAdmin } from '../http/auth';
import { implement } from '../http/implement';

/**
 * The catalog made by hand (docs/catalog.md "Made by hand"): admins create and edit providers,
 * leagues and seasons, teams, matches and market types. Each write is versioned and audited like
 * every other (coedit/versioned.ts): a stale version is a 409 with the record, History shows it.
 */
export async function catalogEditRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.providerCreate, async (call) => {
    requireAdmin(call.user);
    return createOne(app.writes, call, 'provider', (tx) => createProvider(tx, call.body));
  });
  implement(app, routes.providerEdit, async (call) => {
    requireAdmin(call.user);
    return writeOne(app.writes, call, 'provider', call.params.providerId, (tx) => updateProvider(tx, call.params.providerId, call.body));
  });

  implement(app, routes.leagueCreate, async (call) => {
    requireAdmin(call.user);
    return createOne(app.writes, call, 'league', (tx) => createLeague(tx, call.body));
  });
  implement(app, routes.leagueEdit, async (call) => {
    requireAdmin(call.user);
    return writeOne(app.writes, call, 'league', call.params.leagueId, (tx) => updateLeague(tx, call.params.leagueId, call.body));
  });

  implement(app, routes.seasonCreate, async (call) => {
    requireAdmin(call.user);
    return createOne(app.writes, call, 'season', (tx) => createSeason(tx, call.params.leagueId, call.body));
  });
  implement(app, routes.seasonEdit, async (call) => {
    requireAdmin(call.user);
    return writeOne(app.writes, call, 'season', call.params.seasonId, (tx) => updateSeason(tx, call.params.seasonId, call.body));
  });

  implement(app, routes.teamCreate, async (call) => {
    requireAdmin(call.user);
    return createOne(app.writes, call, 'team', (tx) => createTeam(tx, call.body));
  });
  implement(app, routes.teamEdit, async (call) => {
    requireAdmin(call.user);
    return writeOne(app.writes, call, 'team', call.params.teamId, (tx) => updateTeam(tx, call.params.teamId, call.body));
  });

  implement(app, routes.matchCreate, async (call) => {
    requireAdmin(call.user);
    return createOne(app.writes, call, 'match', (tx) => createMatch(tx, call.body));
  });
  // The match's header changed: its watchers hear of it once it committed.
  implement(app, routes.matchEdit, async (call) => {
    requireAdmin(call.user);
    const { matchId } = call.params;
    const actor = actorOf(call.user);
    return versionedWrite(
      app.writes,
      {
        entity: 'match',
        actor,
        targets: [{ id: matchId, expected: expectedVersion(call.request.headers, call.body) }],
        notices: () => [matchWriteNotice([matchId], { id: matchId, actor })].filter((notice) => notice !== null),
      },
      (tx) => updateMatch(tx, matchId, call.body),
    );
  });

  implement(app, routes.catalogMarketTypes, async () => ({ results: await listCatalogMarketTypes(db) }));
  implement(app, routes.marketTypeCreate, async (call) => {
    requireAdmin(call.user);
    return createOne(app.writes, call, 'market_type', (tx) => createMarketType(tx, call.body));
  });
  implement(app, routes.marketTypeEdit, async (call) => {
    requireAdmin(call.user);
    return writeOne(app.writes, call, 'market_type', call.params.typeId, (tx) => updateMarketType(tx, call.params.typeId, call.body));
  });
}
