import { Type } from 'typebox';
import { IdParam, IdsQuery, ListReply, SuccessReply } from '../common';
import { MatchMarket } from '../entities/market';
import { MatchContent, MatchContentInput } from '../entities/match-content';
import { defineRoute } from './define';

const MatchParams = Type.Object({ matchId: IdParam });

/** Sub-resources of one match: its content and its markets (SPEC §7 "Match sub-resources"). */
export const matchRoutes = {
  matchContent: defineRoute({
    method: 'GET',
    path: '/api/1/match/:matchId/content',
    service: 'content',
    summary: "A match's content (the Content tab's Preview); `ids`: only those items.",
    params: MatchParams,
    query: Type.Object(IdsQuery),
    reply: ListReply(MatchContent),
  }),
  matchContentSave: defineRoute({
    method: 'POST',
    path: '/api/1/match/:matchId/content',
    service: 'content',
    summary: 'Create match content, or update it when the body has an id (also flips its hold flag).',
    params: MatchParams,
    body: MatchContentInput,
    reply: MatchContent,
  }),
  matchContentDelete: defineRoute({
    // Path chosen: §7 writes `DELETE content/{matchContentId}`, which would clash in the router with
    // `DELETE content/{id}` (content items), so match content is deleted under match/content/.
    method: 'DELETE',
    path: '/api/1/match/content/:matchContentId',
    service: 'content',
    summary: 'Delete one match content record.',
    params: Type.Object({ matchContentId: IdParam }),
    reply: SuccessReply,
  }),
  matchMarkets: defineRoute({
    // Path chosen: §7 lists "GET markets" under the match without one.
    method: 'GET',
    path: '/api/1/match/:matchId/markets',
    service: 'control',
    summary: "A match's markets: only those with content unless `all` ('Show All Markets').",
    params: MatchParams,
    query: Type.Object({ all: Type.Optional(Type.Boolean({ default: false })) }),
    reply: ListReply(MatchMarket),
  }),
};
