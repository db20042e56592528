import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import type { ChangeBus } from '../engine/changes';
import { Engine, type EngineOptions } from '../engine/engine';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's live engine of its database (ingest, reset, sends): one per app, closed with it. */
    engine: Engine;
    /** The change stream this app publishes on and its subscribers read (the engine's bus). */
    changes: ChangeBus;
  }
}

/**
 * The engine and the change bus as decorators of the root instance, made from the app's options
 * (mail server, send settings), so route modules take them from `app` rather than look them up by
 * database. Closed after the routes (their change streams end first), finishing the sends under way.
 */
export const enginePlugin = fp(
  async (app: FastifyInstance, { db, options }: { db: Db; options: EngineOptions }) => {
    const engine = new Engine(db, options);
    app.decorate('engine', engine);
    app.decorate('changes', engine.bus);
    app.addHook('onClose', async () => engine.close());
  },
  { name: 'engine' },
);
