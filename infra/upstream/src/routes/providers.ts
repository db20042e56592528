import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { listProviders, setProviderActive, setProviderControl } from '../catalog/providers';
import type { Db } from '../db/client';
import { implement } from '../http/implement';
import { presentEntity } from '../coedit/entities';
import { writeOne } from '../coedit/versioned';

/** The Settings toggle (SPEC §4): the provider resource first, then the provider control resource. */
export async function providerRoutes(app: FastifyInstance, { db }: { db: Db }) {
  presentEntity('provider', async (tx, id) => (await listProviders(tx as Db, false, id))[0] ?? null);
  implement(app, routes.providerUpdate, async (call) => writeOne(db, call, 'provider', call.params.providerId, (tx) => setProviderActive(tx, call.params.providerId, call.body.active)));

  implement(app, routes.providerControlUpdate, async ({ params, body }) => setProviderControl(db, params.providerId, body.active));
}
