import { Type } from 'typebox';
import { IdParam, ListReply } from '../common';
import { League } from '../entities/league';
import { HomeAway, LeagueTableReply } from '../entities/league-table';
import { Match } from '../entities/match';
import { MatchesQuery } from './catalog';
import { defineRoute } from './define';

/** Filters of the table and stats views: home or away matches only, and the last n (SPEC §9). */
const TableQuery = Type.Object({
  home_away: Type.Optional(HomeAway),
  match_limiter: Type.Optional(Type.Integer({ minimum: 1, maximum: 39 })),
});

const tableSummary = 'A season table of a league (the latest season unless given), optionally for one team.';

export const leagueRoutes = {
  league: defineRoute({
    method: 'GET',
    path: '/api/1/leagues/:leagueId',
    service: 'event store',
    summary: 'One league with its seasons.',
    params: Type.Object({ leagueId: IdParam }),
    reply: League,
  }),
  leagueMatches: defineRoute({
    // Path chosen: §7 lists "league matches" without one.
    method: 'GET',
    path: '/api/1/leagues/:leagueId/matches',
    service: 'event store',
    summary: "A league's matches (the /league/{leagueId}/matches screen); same filters as the matches list.",
    params: Type.Object({ leagueId: IdParam }),
    query: MatchesQuery,
    reply: ListReply(Match),
  }),
  leagueTable: defineRoute({
    method: 'GET',
    path: '/api/1/:s/league/:leagueId/table',
    service: 'event store',
    summary: tableSummary,
    params: Type.Object({ s: IdParam, leagueId: IdParam }),
    query: TableQuery,
    reply: LeagueTableReply,
  }),
  leagueSeasonTable: defineRoute({
    method: 'GET',
    path: '/api/1/:s/league/:leagueId/table/:seasonId',
    service: 'event store',
    summary: tableSummary,
    params: Type.Object({ s: IdParam, leagueId: IdParam, seasonId: IdParam }),
    query: TableQuery,
    reply: LeagueTableReply,
  }),
  leagueTeamTable: defineRoute({
    method: 'GET',
    path: '/api/1/:s/league/:leagueId/table/:seasonId/team/:teamId',
    service: 'event store',
    summary: tableSummary,
    params: Type.Object({ s: IdParam, leagueId: IdParam, seasonId: IdParam, teamId: IdParam }),
    query: TableQuery,
    reply: LeagueTableReply,
  }),
};
