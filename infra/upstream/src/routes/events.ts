import type { FastifyInstance } from 'fastify';
import { idsOf, routes } from '@odds/protocol';
import { TEAM_TAGS } from '../content/tags';
import type { Db } from '../db/client';
import { apex } from '../events/apex';
import { runStatsQuery } from '../events/queries';
import { deleteStatEvents, listEventTypes, listStatEvents, matchStatEvents, saveStatEvents } from '../events/stat-events';
import { implement } from '../http/implement';
import { expectedVersion } from '../coedit/conflict';
import { actorOf, versionedWrite } from '../coedit/versioned';

/** The event store's stat events and the statistics computed from results and events. */
export async function eventRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.statEvents, async ({ query }) => listStatEvents(db, query));

  implement(app, routes.matchStatEvents, async ({ params, query }) => matchStatEvents(db, params.matchId, idsOf(query.ids)));

  // Rows with an id are updates, each checked against its own `version` (or If-Match, when there is one row).
  implement(app, routes.statEventsSave, async (call) => {
    const single = call.body.events.length === 1 ? expectedVersion(call.request.headers, {}) : null;
    const targets = call.body.events.flatMap((row) => (row.id ? [{ id: row.id, expected: row.version ?? single }] : []));
    return versionedWrite(app.writes, { entity: 'stat_event', actor: actorOf(call.user), targets, created: (saved) => saved.results.map((e) => e.id) }, (tx) =>
      saveStatEvents(tx, call.body.events),
    );
  });

  implement(app, routes.statEventsDelete, async (call) => ({
    success: true,
    deleted: await versionedWrite(
      app.writes,
      {
        entity: 'stat_event',
        actor: actorOf(call.user),
        targets: [...new Set(call.query.event_ids)].map((id) => ({ id, expected: null, action: 'delete' as const })),
      },
      (tx) => deleteStatEvents(tx, call.query.event_ids),
    ),
  }));

  implement(app, routes.eventTypes, async () => listEventTypes(db));

  implement(app, routes.eventTags, async () => ({ results: TEAM_TAGS, total: TEAM_TAGS.length, limit: TEAM_TAGS.length }));

  implement(app, routes.statsQuery, async ({ params, body }) => ({ results: await runStatsQuery(db, params.s, body.query, body.params) }));

  implement(app, routes.apex, async ({ params, query }) =>
    apex(db, {
      sportId: params.s,
      leagueId: params.leagueId,
      teamId: params.teamId,
      side: query.side,
      ...(query.outcome !== undefined && { outcome: query.outcome }),
      marketId: query.market_id,
    }),
  );
}
