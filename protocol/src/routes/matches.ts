import { Type } from 'typebox';
import { Id, IdParam, ListQuery, ListReply } from '../common';
import { MatchContent } from '../entities/match-content';
import { SearchResult } from '../entities/search';
import { defineRoute } from './define';

/** Query of the connect searches (matches and teams): text typed before the trailing dot (SPEC §5). */
export const ConnectSearchQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  order_by: Type.Optional(Type.String({ maxLength: 64, default: '-last_modified' })),
});

const FromParams = Type.Object({ from: IdParam });
const FromToParams = Type.Object({ from: IdParam, to: IdParam });

/** Reply of connect and copy: the match or team the console goes to next. */
export const MoveReply = Type.Object({ success: Type.Boolean(), id: Id });

export const matchesRoutes = {
  matchesContent: defineRoute({
    method: 'GET',
    path: '/api/1/matches/content',
    service: 'content',
    summary: 'Match content across matches (the basket and match drafts), filterable by match and hold.',
    query: Type.Object({
      ...ListQuery,
      match_id: Type.Optional(Type.Array(IdParam, { maxItems: 100 })),
      hold: Type.Optional(Type.Boolean()),
    }),
    reply: ListReply(MatchContent),
  }),
  matchConnectSearch: defineRoute({
    method: 'GET',
    path: '/api/1/matches/connect/:from',
    service: 'event store',
    summary: 'Matches of other providers the match could be connected to (the header connector search).',
    params: FromParams,
    query: ConnectSearchQuery,
    reply: ListReply(SearchResult),
  }),
  matchConnect: defineRoute({
    method: 'POST',
    path: '/api/1/matches/connect/:from/to/:to',
    service: 'event store',
    summary: "Reassign a match's connector to another match's event; the console then opens the target.",
    params: FromToParams,
    reply: MoveReply,
  }),
  matchCopy: defineRoute({
    method: 'POST',
    path: '/api/1/match/:to/copy/from/:from',
    service: 'content',
    summary: "Copy another match's content and threshold sets onto this match ('Copy from another match').",
    params: FromToParams,
    reply: MoveReply,
  }),
};
