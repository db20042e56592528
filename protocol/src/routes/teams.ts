import { Type } from 'typebox';
import { IdParam, ListQuery, ListReply, ProviderSportQuery } from '../common';
import { SearchResult } from '../entities/search';
import { Team, TeamShortNameInput } from '../entities/team';
import { defineRoute } from './define';
import { ConnectSearchQuery, MoveReply } from './matches';

const TeamsQuery = Type.Object({
  ...ListQuery,
  ...ProviderSportQuery,
  /** Keyword or match id (SPEC §2 Teams). */
  q: Type.Optional(Type.String({ maxLength: 200 })),
  all_providers: Type.Optional(Type.Boolean({ default: false })),
});

const TeamParams = Type.Object({ teamId: IdParam });

export const teamRoutes = {
  teams: defineRoute({
    method: 'GET',
    path: '/api/1/teams',
    service: 'event store',
    summary: "A provider's teams (or every provider's with all_providers); default sort -last_modified.",
    query: TeamsQuery,
    reply: ListReply(Team),
  }),
  leagueTeams: defineRoute({
    method: 'GET',
    path: '/api/1/teams/league/:leagueId',
    service: 'event store',
    summary: "A league's teams (/teams/league/{leagueId}).",
    params: Type.Object({ leagueId: IdParam }),
    query: TeamsQuery,
    reply: ListReply(Team),
  }),
  seasonTeams: defineRoute({
    method: 'GET',
    path: '/api/1/teams/season/:seasonId',
    service: 'event store',
    summary: "A season's teams (the league stats team dropdowns).",
    params: Type.Object({ seasonId: IdParam }),
    reply: ListReply(Team),
  }),
  team: defineRoute({
    method: 'GET',
    path: '/api/1/teams/:teamId',
    service: 'event store',
    summary: 'One team.',
    params: TeamParams,
    reply: Team,
  }),
  teamShortNameSave: defineRoute({
    method: 'POST',
    path: '/api/1/teams/:teamId',
    service: 'event store',
    summary: "Save a team's short name (Enter in the Short Name cell).",
    params: TeamParams,
    body: TeamShortNameInput,
    reply: Team,
  }),
  teamConnectSearch: defineRoute({
    method: 'GET',
    path: '/api/1/teams/connect/:from',
    service: 'event store',
    summary: "Teams of other providers a team could be connected to (the Teams 'Connect To' search).",
    params: Type.Object({ from: IdParam }),
    query: ConnectSearchQuery,
    reply: ListReply(SearchResult),
  }),
  teamConnect: defineRoute({
    method: 'POST',
    path: '/api/1/teams/connect/:from/to/:to',
    service: 'event store',
    summary: 'Reassign a team as another team (after the operator confirmed).',
    params: Type.Object({ from: IdParam, to: IdParam }),
    reply: MoveReply,
  }),
};
