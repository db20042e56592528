import type { FastifyInstance } from 'fastify';
import { idsOf, routes, type MatchThresholdSet } from '@odds/protocol';
import { expectedVersion } from '../coedit/conflict';
import { actorOf, conflictFor, versionedWrite, writeOne } from '../coedit/versioned';
import { providerOrNotFound } from '../contacts/rules';
import type { Db } from '../db/client';
import { Errors } from '../errors';
import { implement } from '../http/implement';
import { matchMarkets } from '../thresholds/markets';
import { deleteMatchSets, listMatchSets, prepareMatchSet, sameSetId, writeMatchSet } from '../thresholds/match-sets';
import { deleteTemplate, marketTemplates, providerTemplates } from '../thresholds/saved';

/** A match's Thresholds tab (its markets and threshold sets) and the saved threshold templates. */
export async function thresholdRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.matchMarkets, async ({ params, query }) => matchMarkets(db, params.matchId, query.all ?? false));

  implement(app, routes.matchThresholds, async ({ params, query }) => listMatchSets(db, params.matchId, query.market_id, idsOf(query.ids)));

  // No silent replace: saving where the match already has a set for the market, contact and line
  // needs `replace: true` or that set's version (the editor loaded it), else 409 with that set.
  implement(app, routes.matchThresholdsSave, async (call) => {
    const prepared = await prepareMatchSet(db, call.params.matchId, call.body);
    const expected = expectedVersion(call.request.headers, call.body);
    let sameId: number | null = null;
    const saved = await versionedWrite<MatchThresholdSet>(
      app.writes,
      {
        entity: 'threshold_set',
        actor: actorOf(call.user),
        targets: async (tx) => {
          sameId = await sameSetId(tx, prepared);
          if (sameId === null) return [];
          if (call.body.replace !== true && expected === null) {
            throw await conflictFor(
              tx,
              'threshold_set',
              sameId,
              'A threshold set for this market, contact and line exists already; send replace: true to replace it',
            );
          }
          return [{ id: sameId, expected }];
        },
        created: (set) => [set.id],
        // A named set is kept as a template of the provider too: audited with the set (and so announced
        // to the provider's consoles, whose template pickers refresh).
        alsoChanged: () =>
          prepared.savedTemplate ? [{ entity: 'saved_threshold', id: prepared.savedTemplate.id, before: prepared.savedTemplate.before }] : [],
      },
      (tx) => writeMatchSet(tx, prepared, sameId),
    );
    return saved;
  });

  implement(app, routes.matchThresholdsDelete, async (call) => ({
    success: true,
    deleted: await versionedWrite(
      app.writes,
      {
        entity: 'threshold_set',
        actor: actorOf(call.user),
        targets: [...new Set(call.query.thresholds_id)].map((id) => ({ id, expected: null, action: 'delete' as const })),
      },
      (tx) => deleteMatchSets(tx, call.params.matchId, call.query.thresholds_id),
    ),
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

  implement(app, routes.savedThresholdDelete, async (call) =>
    writeOne(
      app.writes,
      call,
      'saved_threshold',
      call.params.thresholdId,
      async (tx) => {
        if (!(await deleteTemplate(tx, call.params.thresholdId))) throw new Errors.NotFound('Saved threshold', call.params.thresholdId);
        return { success: true };
      },
      'delete',
    ),
  );
}
