import { Type } from 'typebox';
import { IdParam, ListQuery, ListReply } from '../common';
import { Firing } from '../entities/firing';
import { defineRoute } from './define';

/** The engine's firings of a match: which threshold set fired on which outcome, at what odds, and why. */
export const firingRoutes = {
  matchFirings: defineRoute({
    method: 'GET',
    path: '/api/1/match/:matchId/firings',
    service: 'control',
    summary: 'Firings of a match, newest first: set, outcomes with odds, reference (RELATIVE) and why. Filter by market, set, outcome or offer.',
    params: Type.Object({ matchId: IdParam }),
    query: Type.Object({
      ...ListQuery,
      market_id: Type.Optional(IdParam),
      threshold_set_id: Type.Optional(IdParam),
      offer_id: Type.Optional(IdParam),
      outcome: Type.Optional(Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_]+$' })),
    }),
    reply: ListReply(Firing),
  }),
};
