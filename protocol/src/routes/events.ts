import { Type } from 'typebox';
import { DeleteReply, IdParam, IdsQuery, ListQuery, ListReply, Sort } from '../common';
import { FEED_FETCH_LIMIT } from '../constants';
import { QueryTag, Side } from '../entities/content';
import { ApexReply, EventType, StatEvent, StatEventInput, StatsQueryRequest } from '../entities/stat-event';
import { defineRoute } from './define';

/** Statistical events (SPEC §7 "Events") and the statistics built on them. */
export const eventRoutes = {
  statEvents: defineRoute({
    method: 'GET',
    path: '/api/1/events',
    service: 'event store',
    summary: 'Stat events across matches, optionally of one match or market, or in play only.',
    query: Type.Object({
      ...ListQuery,
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: FEED_FETCH_LIMIT, default: FEED_FETCH_LIMIT })),
      sort: Type.Optional(Sort),
      reverse: Type.Optional(Type.Boolean()),
      match_id: Type.Optional(IdParam),
      market_id: Type.Optional(IdParam),
      inplay_only: Type.Optional(Type.Boolean()),
    }),
    reply: ListReply(StatEvent),
  }),
  matchStatEvents: defineRoute({
    method: 'GET',
    path: '/api/1/events/match/:matchId',
    service: 'event store',
    summary: "A match's stat events in match order (/events/{matchId}); `ids`: only those events.",
    params: Type.Object({ matchId: IdParam }),
    query: Type.Object(IdsQuery),
    reply: ListReply(StatEvent),
  }),
  statEventsSave: defineRoute({
    method: 'POST',
    path: '/api/1/events',
    service: 'event store',
    summary: 'Add or update stat events (rows with an id update); all or none are saved.',
    body: Type.Object({ events: Type.Array(StatEventInput, { minItems: 1, maxItems: 1000 }) }),
    reply: ListReply(StatEvent),
  }),
  statEventsDelete: defineRoute({
    method: 'DELETE',
    path: '/api/1/events',
    service: 'event store',
    summary: 'Delete stat events by id.',
    query: Type.Object({ event_ids: Type.Array(IdParam, { minItems: 1, maxItems: 1000 }) }),
    reply: DeleteReply,
  }),
  eventTypes: defineRoute({
    method: 'GET',
    path: '/api/1/events/types',
    service: 'event store',
    summary: 'Every stat event type.',
    reply: ListReply(EventType),
  }),
  eventTags: defineRoute({
    method: 'GET',
    path: '/api/1/events/tags',
    service: 'event store',
    summary: 'Query tags content can use as {{home.key}} and {{away.key}} (the CMS tag modal).',
    reply: ListReply(QueryTag),
  }),
  statsQuery: defineRoute({
    method: 'POST',
    path: '/api/1/:s/events/query',
    service: 'event store',
    summary: 'Run a named statistics query of a sport (league stats, stats 2); rows as the query defines.',
    params: Type.Object({ s: IdParam }),
    body: StatsQueryRequest,
    reply: Type.Object({ results: Type.Array(Type.Record(Type.String(), Type.Unknown())) }),
  }),
  apex: defineRoute({
    method: 'GET',
    path: '/api/1/:s/events/apex/:leagueId/:teamId',
    service: 'event store',
    summary: 'The outcome of a market a team reaches most often, at home or away (stats 2).',
    params: Type.Object({ s: IdParam, leagueId: IdParam, teamId: IdParam }),
    query: Type.Object({ side: Side, outcome: Type.Optional(Type.String({ maxLength: 64 })), market_id: IdParam }),
    reply: ApexReply,
  }),
};
