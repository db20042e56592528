import type { FastifyInstance } from 'fastify';
import { buildUpstream } from './app';
import { openDatabase, type Database } from './db/client';
import { ensureDemoUser, seedDemoData } from './seed/index';

export const DEMO = { email: 'demo@example.com', password: 'demo' } as const;

export interface TestUpstream {
  app: FastifyInstance;
  database: Database;
  /** A fresh token of the demo operator. */
  login(): Promise<string>;
  close(): Promise<void>;
}

/**
 * An upstream on a migrated, seeded database for tests: in-memory PGlite unless a postgres:// URL
 * is given. Requests go through `app.inject()`; call `app.listen({port: 0})` for a real port.
 */
export async function createTestUpstream({ databaseUrl = 'memory://', tokenTtlMs, now }: { databaseUrl?: string; tokenTtlMs?: number; now?: Date } = {}): Promise<TestUpstream> {
  const database = await openDatabase(databaseUrl);
  await seedDemoData(database.db, now);
  await ensureDemoUser(database.db, DEMO.email, DEMO.password, false);
  const app = await buildUpstream({ database, ...(tokenTtlMs !== undefined && { tokenTtlMs }) });
  return {
    app,
    database,
    async login() {
      const reply = await app.inject({ method: 'POST', url: '/api/1/authenticate', payload: DEMO });
      if (reply.statusCode !== 200) throw new Error(`demo login failed: ${reply.body}`);
      return reply.json<{ token: string }>().token;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
