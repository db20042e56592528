import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { catalogRoutes } from './catalog';

/** What every route module receives when registered. */
export interface RouteDeps {
  db: Db;
}

/**
 * The route modules of the back-office services, one file per resource. Each registers the
 * routes of protocol's table that it implements, with `implement()`.
 */
export const routeModules: ((app: FastifyInstance, deps: RouteDeps) => Promise<void>)[] = [
  catalogRoutes,
];
