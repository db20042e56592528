import { Type } from 'typebox';
import { IdParam } from '../common';
import {
  CatalogMarketType,
  FixtureImportInput,
  FixtureImportReply,
  LeagueCreateInput,
  LeagueUpdateInput,
  MarketTypeCreateInput,
  MarketTypeUpdateInput,
  MatchInput,
  ProviderInput,
  SeasonInput,
  TeamCreateInput,
  TeamUpdateInput,
} from '../entities/catalog-edit';
import { League, Season } from '../entities/league';
import { Match } from '../entities/match';
import { Provider } from '../entities/provider';
import { Team } from '../entities/team';
import { defineRoute } from './define';

/**
 * The catalog made by hand (docs/catalog.md), for providers without a vendor feed: admins only
 * (403 with SPEC §8's text for anyone else). §7 gives no paths for these; these were chosen. Every
 * update names the version it read (If-Match or `version`): a stale one is a 409 with the record.
 */
export const catalogEditRoutes = {
  providerCreate: defineRoute({
    method: 'POST',
    path: '/api/1/catalog/providers',
    service: 'control',
    summary: 'Admins only: a new provider with its sports and languages.',
    body: ProviderInput,
    reply: Provider,
  }),
  providerEdit: defineRoute({
    method: 'PUT',
    path: '/api/1/catalog/providers/:providerId',
    service: 'control',
    summary: "Admins only: a provider's name, sports and languages.",
    params: Type.Object({ providerId: IdParam }),
    body: ProviderInput,
    reply: Provider,
  }),
  leagueCreate: defineRoute({
    method: 'POST',
    path: '/api/1/catalog/leagues',
    service: 'event store',
    summary: 'Admins only: a new league of a provider and sport.',
    body: LeagueCreateInput,
    reply: League,
  }),
  leagueEdit: defineRoute({
    method: 'PUT',
    path: '/api/1/catalog/leagues/:leagueId',
    service: 'event store',
    summary: "Admins only: a league's name, path and unique id (a synced league's name is the vendor's).",
    params: Type.Object({ leagueId: IdParam }),
    body: LeagueUpdateInput,
    reply: League,
  }),
  seasonCreate: defineRoute({
    method: 'POST',
    path: '/api/1/catalog/leagues/:leagueId/seasons',
    service: 'event store',
    summary: 'Admins only: a new season of a league.',
    params: Type.Object({ leagueId: IdParam }),
    body: SeasonInput,
    reply: Season,
  }),
  seasonEdit: defineRoute({
    method: 'PUT',
    path: '/api/1/catalog/seasons/:seasonId',
    service: 'event store',
    summary: "Admins only: a season's name and dates (a synced season's name is the vendor's).",
    params: Type.Object({ seasonId: IdParam }),
    body: SeasonInput,
    reply: Season,
  }),
  teamCreate: defineRoute({
    method: 'POST',
    path: '/api/1/catalog/teams',
    service: 'event store',
    summary: 'Admins only: a new team of a provider and sport.',
    body: TeamCreateInput,
    reply: Team,
  }),
  teamEdit: defineRoute({
    method: 'PUT',
    path: '/api/1/catalog/teams/:teamId',
    service: 'event store',
    summary: "Admins only: a team's name and short name (a synced team's name is the vendor's; its short name is an override).",
    params: Type.Object({ teamId: IdParam }),
    body: TeamUpdateInput,
    reply: Team,
  }),
  matchCreate: defineRoute({
    method: 'POST',
    path: '/api/1/catalog/matches',
    service: 'event store',
    summary: 'Admins only: a new match of a league between two of its provider’s teams.',
    body: MatchInput,
    reply: Match,
  }),
  matchEdit: defineRoute({
    method: 'PUT',
    path: '/api/1/catalog/matches/:matchId',
    service: 'event store',
    summary: "Admins only: a match's teams, kick-off, league, season and event (a synced match's teams, kick-off and league are the vendor's).",
    params: Type.Object({ matchId: IdParam }),
    body: MatchInput,
    reply: Match,
  }),
  catalogMarketTypes: defineRoute({
    method: 'GET',
    path: '/api/1/catalog/market-types',
    service: 'event store',
    summary: 'Every market type with its sport and version (the catalog screen).',
    reply: Type.Object({ results: Type.Array(CatalogMarketType) }),
  }),
  marketTypeCreate: defineRoute({
    method: 'POST',
    path: '/api/1/catalog/market-types',
    service: 'event store',
    summary: 'Admins only: a new market type (its id, sport, name, outcome keys and evaluator).',
    body: MarketTypeCreateInput,
    reply: CatalogMarketType,
  }),
  marketTypeEdit: defineRoute({
    method: 'PUT',
    path: '/api/1/catalog/market-types/:typeId',
    service: 'event store',
    summary: "Admins only: a market type's sport, name, outcome keys and evaluator.",
    params: Type.Object({ typeId: IdParam }),
    body: MarketTypeUpdateInput,
    reply: CatalogMarketType,
  }),
  fixtureImport: defineRoute({
    method: 'POST',
    path: '/api/1/catalog/seasons/:seasonId/fixtures/import',
    service: 'event store',
    summary:
      "Admins only: a season's fixtures from CSV (date, time, time zone, home, away, league). dry_run says line by line what would be created, matched or refused and writes nothing; otherwise the lines that can be are imported in one transaction (a re-import creates nothing).",
    params: Type.Object({ seasonId: IdParam }),
    body: FixtureImportInput,
    reply: FixtureImportReply,
  }),
};
