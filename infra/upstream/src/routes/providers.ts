import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { setProviderActive, setProviderControl } from '../catalog/providers';
import type { Db } from '../db/client';
import { implement } from '../http/implement';
import { writeOne } from '../coedit/versioned';

/** The Settings toggle (SPEC §4): the provider resource first, then the provider control resource. */
export async function providerRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.providerUpdate, async (call) =>
    writeOne(app.writes, call, 'provider', call.params.providerId, (tx) => setProviderActive(tx, call.params.providerId, call.body.active)),
  );

  implement(app, routes.providerControlUpdate, async ({ params, body }) => setProviderControl(db, params.providerId, body.active));
}
