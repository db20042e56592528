import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { providerOrNotFound } from '../contacts/rules';
import type { Db } from '../db/client';
import { Errors } from '../errors';
import { implement } from '../http/implement';
import { matchMarkets } from '../thresholds/markets';
import { deleteMatchSets, listMatchSets, saveMatchSet } from '../thresholds/match-sets';
import { deleteTemplate, marketTemplates, providerTemplates } from '../thresholds/saved';

/** A match's Thresholds tab (its markets and threshold sets) and the saved threshold templates. */
export async function thresholdRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.matchMarkets, async ({ params, query }) => matchMarkets(db, params.matchId, query.all ?? false));

  implement(app, routes.matchThresholds, async ({ params, query }) => listMatchSets(db, params.matchId, query.market_id));

  implement(app, routes.matchThresholdsSave, async ({ params, body }) => saveMatchSet(db, params.matchId, body));

  implement(app, routes.matchThresholdsDelete, async ({ params, query }) => ({
    success: true,
    deleted: await deleteMatchSets(db, params.matchId, query.thresholds_id),
  }));

  implement(app, routes.savedThresholds, async ({ params, query }) => {
    await providerOrNotFound(db, params.p);
    return providerTemplates(db, params.p, query);
  });

  implement(app, routes.marketThresholds, async ({ params }) => {
    const saved = await marketTemplates(db, params.marketId);
    if (!saved) throw new Errors.NotFound('Market', params.marketId);
    return saved;
  });

  implement(app, routes.savedThresholdDelete, async ({ params }) => {
    if (!(await deleteTemplate(db, params.thresholdId))) throw new Errors.NotFound('Saved threshold', params.thresholdId);
    return { success: true };
  });
}
