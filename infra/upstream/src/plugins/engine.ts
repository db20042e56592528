import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SmtpSettings } from '../config';
import type { Db } from '../db/client';
import type { ChangeBus } from '../notices/bus';
import { Engine, type EngineOptions } from '../engine/engine';
import { defaultWebhookSettings, type WebhookSettings } from '../engine/channels/webhook-settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's live engine of its database (ingest, reset, sends): one per app, closed with it. */
    engine: Engine;
    /** The change stream this app publishes on and its subscribers read (the engine's bus). */
    changes: ChangeBus;
  }
}

/** What a process's engine is made from: its mail server, its send settings, and the bus it publishes on (a new one by default). */
export interface EngineSettings {
  smtp: SmtpSettings | null;
  sending: NonNullable<EngineOptions['sending']>;
  bus?: ChangeBus;
  /** No other process writes the database (PGlite): EngineOptions.onlyWriter. */
  onlyWriter?: boolean;
  /** WEBHOOK_* (engine/channels/webhook-settings.ts); none: the strict defaults. */
  webhooks?: WebhookSettings;
  /** Where what the engine notices is logged (a receiver's report ignored). */
  log?: { warn: (fields: Record<string, unknown>, message: string) => void };
}

/** The one way a process assembles its engine: the API process (enginePlugin) and each engine worker (broker/worker-main.ts). */
export function assembleEngine(db: Db, { smtp, sending, bus, onlyWriter = false, webhooks = defaultWebhookSettings(), log }: EngineSettings): Engine {
  const warn = webhooks.warn ?? (log && ((fields: Record<string, unknown>, message: string) => log.warn(fields, message)));
  const withLog = { ...sending, webhooks: { ...webhooks, ...(warn && { warn }) } };
  return new Engine(db, { smtpUrl: smtp?.url ?? null, ...(smtp && { smtpFrom: smtp.from }), sending: withLog, ...(bus && { bus }), onlyWriter });
}

/**
 * The engine and the change bus as decorators of the root instance, made from the app's settings
 * (mail server, send settings), so route modules take them from `app` rather than look them up by
 * database. Closed after the routes (their change streams end first), finishing the sends under way.
 */
export const enginePlugin = fp(
  async (app: FastifyInstance, { db, settings }: { db: Db; settings: EngineSettings }) => {
    const engine = assembleEngine(db, settings);
    app.decorate('engine', engine);
    app.decorate('changes', engine.bus);
    app.addHook('onClose', async () => engine.close());
  },
  { name: 'engine' },
);
