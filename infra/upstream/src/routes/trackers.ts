import type { FastifyInstance } from 'fastify';
import { idsOf, routes } from '@odds/protocol';
import { createTracker, getTracker, listTrackers, matchTrackers, saveTracker } from '../contacts/trackers';
import type { Db } from '../db/client';
import { Errors } from '../errors';
import { implement } from '../http/implement';
import { providerListQuery } from './provider-list';
import { createOne, writeOne } from '../coedit/versioned';

/** Trackers: contacts following a match or a league (the /trackers screens and a match's trackers). */
export async function trackerRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.trackers, async ({ query }) =>
    listTrackers(db, {
      ...providerListQuery(query),
      ...(query.order_by !== undefined && { order_by: query.order_by }),
    }),
  );

  implement(app, routes.matchTrackers, async ({ params, query }) => matchTrackers(db, params.matchId, idsOf(query.ids)));

  implement(app, routes.tracker, async ({ params }) => {
    const tracker = await getTracker(db, params.trackerId);
    if (!tracker) throw new Errors.NotFound('Tracker', params.trackerId);
    return tracker;
  });

  implement(app, routes.trackerCreate, async (call) => createOne(app.writes, call, 'tracker', (tx) => createTracker(tx, call.body)));

  implement(app, routes.trackerSave, async (call) =>
    writeOne(app.writes, call, 'tracker', call.params.trackerId, (tx) => saveTracker(tx, call.params.trackerId, call.body)),
  );
}
