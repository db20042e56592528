import type { FastifyInstance } from 'fastify';
import { FEED_FETCH_LIMIT, LIVE_OFFERS_MAX_MATCHES, routes } from '@odds/protocol';
import { assertMatch } from '../catalog/matches';
import type { Db } from '../db/client';
import { compileOffer } from '../reads/compiler';
import { getOffer, matchFeed, matchOffers, offersSince } from '../reads/offers';
import { Errors } from '../errors';
import { implement } from '../http/implement';
import { conditionalGets } from './etag';

const INT_MAX = 2_147_483_647;

/** A match's offers as the Feed and Graph tabs read them, one offer, and its compiled preview. */
export async function feedRoutes(app: FastifyInstance, { db }: { db: Db }) {
  conditionalGets(app);
  // The relay polls these (on a change notice, or every second without one): the match is looked up only when
  // there is nothing to show (then a missing match is a 404, not an empty list).
  implement(app, routes.matchFeed, async ({ params, query }) => {
    const reply = await matchFeed(db, params.matchId, query);
    if (!reply.results.length) await assertMatch(db, params.matchId);
    return reply;
  });

  implement(app, routes.matchOffers, async ({ params, query }) => {
    const reply = await matchOffers(db, params.matchId, query);
    if (!reply.results.length) await assertMatch(db, params.matchId);
    return reply;
  });

  implement(app, routes.offersSince, async ({ query }) => {
    const cursors = query.after.split(',').map((pair) => pair.split(':').map(Number) as [number, number]);
    if (cursors.length > LIVE_OFFERS_MAX_MATCHES)
      throw new Errors.BadRequest(`after names ${cursors.length} matches; at most ${LIVE_OFFERS_MAX_MATCHES} at once.`);
    // Ids are the database's integers: 1 to 2147483647 for a match, 0 (from the start) up for an offer.
    const outOfRange = ([matchId, afterId]: [number, number]) => !(matchId >= 1 && matchId <= INT_MAX && afterId >= 0 && afterId <= INT_MAX);
    if (cursors.some(outOfRange) || new Set(cursors.map(([matchId]) => matchId)).size !== cursors.length) {
      throw new Errors.BadRequest('after must name each match once, as matchId:afterId with matchId 1 to 2147483647 and afterId 0 to 2147483647.');
    }
    return offersSince(db, cursors, query.limit ?? FEED_FETCH_LIMIT);
  });

  implement(app, routes.offer, async ({ params }) => {
    const offer = await getOffer(db, params.offerId);
    if (!offer) throw new Errors.NotFound('Offer', params.offerId);
    return offer;
  });

  implement(app, routes.offerCompiler, async ({ params }) => compileOffer(db, params.offerId));
}
