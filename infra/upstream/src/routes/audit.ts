import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { listAudit } from '../coedit/history';
import type { Db } from '../db/client';
import { implement } from '../http/implement';

/** History of every write through the API (coedit/versioned.ts writes it, with its change notices). */
export async function auditRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.audit, async ({ query }) => listAudit(db, query));
}
