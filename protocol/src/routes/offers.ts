import { Type } from 'typebox';
import { IdParam, ListQuery, ListReply } from '../common';
import { FEED_FETCH_LIMIT } from '../constants';
import { CompilerReply } from '../entities/compiler';
import { FeedEvent, Offer } from '../entities/offer';
import { defineRoute } from './define';

export const offerRoutes = {
  matchFeed: defineRoute({
    // Path chosen: §7 lists "GET feed" under the match without one.
    method: 'GET',
    path: '/api/1/match/:matchId/feed',
    service: 'event store',
    summary:
      "A match's feed events, newest first, optionally of one market: filtered, sorted and paged here (the Feed tab's pages; total counts the filter's events).",
    params: Type.Object({ matchId: IdParam }),
    query: Type.Object({
      ...ListQuery,
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: FEED_FETCH_LIMIT, default: FEED_FETCH_LIMIT })),
      // order_by: one of FEED_SORT_FIELDS, '-' first for descending (another is a 400 naming them).
      market_id: Type.Optional(IdParam),
      // The relay's polls: only offers with a greater id (offers are written once, with their
      // deliveries), newest first as ever.
      after_id: Type.Optional(IdParam),
      // "Load older" of the Feed tab: only offers with a smaller id (older than the first
      // snapshot's rows; see SNAPSHOT_LIMITS), newest first.
      before_id: Type.Optional(IdParam),
    }),
    reply: ListReply(FeedEvent),
  }),
  matchOffers: defineRoute({
    // §7 writes `offers/{offerId} (market_id)`; what the Graph tab needs is a match's offers for
    // a market, so the path id is named for the match. `after_id` lets a poll fetch only new ones.
    method: 'GET',
    path: '/api/1/offers/:matchId',
    service: 'event store',
    summary:
      "A match's offers for one market (or all markets without market_id: the relay's one read per match), oldest first (the Graph tab's chart and table).",
    params: Type.Object({ matchId: IdParam }),
    query: Type.Object({
      market_id: Type.Optional(IdParam),
      after_id: Type.Optional(IdParam),
      // "Load older" of the Graph tab's table: the newest `limit` offers with a smaller id (still
      // oldest first); without `limit`, every one of them.
      before_id: Type.Optional(IdParam),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: FEED_FETCH_LIMIT })),
    }),
    reply: ListReply(Offer),
  }),
  offer: defineRoute({
    method: 'GET',
    path: '/api/1/offer/:offerId',
    service: 'event store',
    summary: 'One offer with its delivery log and raw feed data.',
    params: Type.Object({ offerId: IdParam }),
    reply: Offer,
  }),
  offerCompiler: defineRoute({
    method: 'GET',
    path: '/api/1/match/offer/:offerId/compiler',
    service: 'content',
    summary: "The match content for an offer's market, compiled with that offer's odds (a preview).",
    params: Type.Object({ offerId: IdParam }),
    reply: CompilerReply,
  }),
};
