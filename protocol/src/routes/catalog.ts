import { Type } from 'typebox';
import { DateString, IdParam, ListQuery, ListReply } from '../common';
import { League } from '../entities/league';
import { Match, Timeframe } from '../entities/match';
import { Provider, Sport } from '../entities/provider';
import { defineRoute } from './define';

/** Provider and sport in the path of provider-scoped calls ({p} and {s} of SPEC §7). */
export const ProviderSportParams = Type.Object({ p: IdParam, s: IdParam });

export const LeaguesQuery = Type.Object({
  ...ListQuery,
  q: Type.Optional(Type.String({ maxLength: 200 })),
  stats_only: Type.Optional(Type.Boolean()),
});

export const MatchesQuery = Type.Object({
  ...ListQuery,
  timeframe: Type.Optional(Timeframe),
  match_id: Type.Optional(IdParam),
  league_id: Type.Optional(IdParam),
  date: Type.Optional(DateString),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  templated: Type.Optional(Type.Boolean()),
});

export const catalogRoutes = {
  providers: defineRoute({
    method: 'GET',
    path: '/api/1/providers',
    service: 'control',
    summary: 'Providers with their sports (and scores definitions) and languages.',
    query: Type.Object({ active_only: Type.Optional(Type.Boolean({ default: false })) }),
    reply: Type.Object({ results: Type.Array(Provider) }),
  }),
  sports: defineRoute({
    method: 'GET',
    path: '/api/1/sports',
    service: 'control',
    summary: 'Every sport.',
    reply: Type.Object({ results: Type.Array(Sport) }),
  }),
  leagues: defineRoute({
    method: 'GET',
    path: '/api/1/:p/:s/leagues',
    service: 'event store',
    summary: "A provider's leagues of a sport; default sort last_modified.",
    params: ProviderSportParams,
    query: LeaguesQuery,
    reply: ListReply(League),
  }),
  matches: defineRoute({
    method: 'GET',
    path: '/api/1/:p/:s/matches',
    service: 'event store',
    summary: "A provider's matches of a sport; default sort -start; timeframe FUTURE for upcoming ones.",
    params: ProviderSportParams,
    query: MatchesQuery,
    reply: ListReply(Match),
  }),
  match: defineRoute({
    method: 'GET',
    path: '/api/1/match/:matchId',
    service: 'event store',
    summary: 'One match.',
    params: Type.Object({ matchId: IdParam }),
    reply: Match,
  }),
};
