import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { assertMatch } from '../catalog/matches';
import type { Db } from '../db/client';
import { compileOffer } from '../reads/compiler';
import { getOffer, matchFeed, matchOffers } from '../reads/offers';
import { Errors } from '../errors';
import { implement } from '../http/implement';
import { conditionalGets } from './etag';

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

  implement(app, routes.offer, async ({ params }) => {
    const offer = await getOffer(db, params.offerId);
    if (!offer) throw new Errors.NotFound('Offer', params.offerId);
    return offer;
  });

  implement(app, routes.offerCompiler, async ({ params }) => compileOffer(db, params.offerId));
}
