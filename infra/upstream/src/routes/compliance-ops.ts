import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { actorOf } from '../coedit/versioned';
import { listStops, saveStop } from '../compliance/stops';
import { suppressionsToday } from '../compliance/today';
import { requireAdmin } from '../http/auth';
import { implement } from '../http/implement';
import type { RouteDeps } from './deps';

/**
 * The kill switch and today's suppressions (docs/compliance-operations.md). Every operator reads
 * the switch (the banner of every console); only admins throw it, resume it and count suppressions.
 */
export async function complianceOpsRoutes(app: FastifyInstance, { db, timeZone = 'UTC' }: RouteDeps) {
  implement(app, routes.sendStops, async () => ({ results: await listStops(db) }));

  implement(app, routes.sendStopSave, async ({ body, user }) => {
    requireAdmin(user);
    return saveStop(app.writes, actorOf(user), body);
  });

  implement(app, routes.suppressionsToday, async ({ user }) => {
    requireAdmin(user);
    return suppressionsToday(db, timeZone, Date.now());
  });
}
