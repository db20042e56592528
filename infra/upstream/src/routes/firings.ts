import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import type { Db } from '../db/client';
import { matchFirings } from '../reads/firings';
import { implement } from '../http/implement';

/** The engine's firings of a match (the Why panel's "which set fired on which outcome, and why"). */
export async function firingRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.matchFirings, async ({ params, query }) => matchFirings(db, params.matchId, query));
}
