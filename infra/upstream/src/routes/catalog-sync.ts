import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { actorOf } from '../coedit/versioned';
import { addTournament, readSyncStatus, removeTournament, requestSync } from '../feeds/uof/sync/panel';
import { requireAdmin } from '../http/auth';
import { implement } from '../http/implement';
import type { RouteDeps } from './deps';

/** The Catalog sync panel (docs/catalog.md): any operator reads it; admins opt tournaments in and out and ask for a sync. */
export async function catalogSyncRoutes(app: FastifyInstance, { db, catalogSync = null }: RouteDeps) {
  implement(app, routes.catalogSync, async ({ params }) => readSyncStatus(db, catalogSync, params.providerId));

  implement(app, routes.catalogSyncTournamentAdd, async ({ params, user }) => {
    requireAdmin(user);
    return addTournament(db, params.providerId, params.tournament, actorOf(user));
  });

  implement(app, routes.catalogSyncTournamentRemove, async ({ params, user }) => {
    requireAdmin(user);
    return removeTournament(db, params.providerId, params.tournament);
  });

  implement(app, routes.catalogSyncNow, async ({ params, user }) => {
    requireAdmin(user);
    return requestSync(db, catalogSync, params.providerId, actorOf(user));
  });
}
