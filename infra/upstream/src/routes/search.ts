import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { search } from '../catalog/search';
import type { Db } from '../db/client';
import { implement } from '../http/implement';

/** The top bar's search over leagues or teams. */
export async function searchRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.search, async ({ params, query }) => search(db, params.p, params.s, query));
}
