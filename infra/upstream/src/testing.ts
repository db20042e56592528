import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildUpstream, type UpstreamOptions } from './app';
import { openDatabase, type Database } from './db/client';
import { ensureDemoUser, OPS_NAME, seedDemoData } from './seed/index';

export const DEMO = { email: 'demo@example.com', password: 'demo' } as const;
/** The second demo operator (co-editing tests log in as both). */
export const OPS = { email: 'ops@example.com', password: 'demo' } as const;

export interface TestUpstream {
  app: FastifyInstance;
  database: Database;
  /** A fresh token of the demo operator (or of `OPS`). */
  login(credentials?: { email: string; password: string }): Promise<string>;
  close(): Promise<void>;
}

/** Env var naming a `dumpDataDir()` tarball of a migrated, seeded PGlite (made once per test run). */
export const SNAPSHOT_ENV = 'ODDS_TEST_PGLITE_SNAPSHOT';

/** A migrated, seeded in-memory database, dumped so every test file can start from it. */
export async function seededSnapshot(): Promise<Blob> {
  const database = await openDatabase('memory://');
  await seedDemoData(database.db);
  await ensureDemoUser(database.db, DEMO.email, DEMO.password, false, 'Demo Operator', true);
  await ensureDemoUser(database.db, OPS.email, OPS.password, false, OPS_NAME);
  const { PGlite } = await import('@electric-sql/pglite');
  const client = (database.db as unknown as { $client: InstanceType<typeof PGlite> }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  return dump;
}

/** A test's own settings of the process (a broker, a mail server, the feed-stall time…), as the API's entry point passes them. */
export interface TestUpstreamOptions extends Pick<UpstreamOptions, 'broker' | 'smtp' | 'sending' | 'feedHealth'> {
  databaseUrl?: string;
  tokenTtlMs?: number;
  now?: Date;
}

/**
 * An upstream on a migrated, seeded database for tests: in-memory PGlite unless a postgres:// URL
 * is given. Requests go through `app.inject()`; call `app.listen({port: 0})` for a real port.
 * Seeding takes seconds, so when the run made a seeded snapshot (tests/support/global-setup.ts)
 * an in-memory database starts from it instead; asking for a particular `now` seeds afresh.
 */
export async function createTestUpstream({ databaseUrl = 'memory://', tokenTtlMs, now, ...settings }: TestUpstreamOptions = {}): Promise<TestUpstream> {
  const snapshot = process.env[SNAPSHOT_ENV];
  const fromSnapshot = databaseUrl === 'memory://' && !now && snapshot && existsSync(snapshot);
  const database = fromSnapshot ? await openDatabase(databaseUrl, { loadDataDir: new Blob([readFileSync(snapshot)]) }) : await openDatabase(databaseUrl);
  if (!fromSnapshot) {
    await seedDemoData(database.db, now);
    await ensureDemoUser(database.db, DEMO.email, DEMO.password, false, 'Demo Operator', true);
    await ensureDemoUser(database.db, OPS.email, OPS.password, false, OPS_NAME);
  }
  const app = await buildUpstream({ database, ...settings, ...(tokenTtlMs !== undefined && { tokenTtlMs }) });
  return {
    app,
    database,
    async login(credentials: { email: string; password: string } = DEMO) {
      const reply = await app.inject({ method: 'POST', url: '/api/1/authenticate', payload: credentials });
      if (reply.statusCode !== 200) throw new Error(`demo login failed: ${reply.body}`);
      return reply.json<{ token: string }>().token;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

// What the cross-part suites (tests/) use inside the upstream, so they import `@odds/upstream/testing`
// and never a path into src/: a file that moves changes this list, not the suites.
export { hashPassword } from './auth/passwords';
export { FeedPublisher } from './broker/publisher';
export { routingKey, topologyNames } from './broker/topology';
export { EngineWorker } from './broker/worker';
export { WorkerMetrics } from './broker/worker-metrics';
export { entities } from './coedit/entities';
export { NoticePublisher } from './coedit/notice-publisher';
export { recordNotices } from './coedit/notices';
export { openDatabase, type Database, type Db } from './db/client';
export {
  contacts,
  deliveries,
  deliverySends,
  leagues,
  markets,
  matchContents,
  matches,
  matchEvents,
  offers,
  sessions,
  suppressions,
  thresholdFirings,
  thresholdSets,
  trackers,
  uofLinks,
  uofProducers,
  uofRecoveries,
} from './db/schema';
export { ChangeBus } from './engine/changes';
export { Dispatcher } from './engine/dispatch';
export { Engine } from './engine/engine';
export { DEFAULT_RETRY_POLICY } from './engine/retry-policy';
export { jobsFor } from './engine/sends';
export { numberOption, parseArgs } from './feeds/args';
export { UpstreamClient } from './feeds/client';
export { feedOrigin, FEEDS_DIR, kickOffOffset, parseFeed, readFeedFile, toMessage } from './feeds/jsonl';
export { recordFeed } from './feeds/record';
export { replayFeed } from './feeds/replay';
export { resolveMatch } from './feeds/resolve-match';
export type { UofConsumer } from './feeds/uof/consumer';
export { MappingTable } from './feeds/uof/mapping';
export type { UofEventMessage } from './feeds/uof/messages';
export { parseUof } from './feeds/uof/parse';
export { readUofRecording, recordUof, replayUof } from './feeds/uof/recording';
export { startUof } from './feeds/uof/start';
export { aliveXml, fortyMarkets, oddsChangeXml, snapshotCompleteXml, type OddsMarket } from './feeds/uof/test-support';
export { newMemory, translate, type LabelOf } from './feeds/uof/translate';
export type { Call, implement } from './http/implement';
export { ensureDemoUser, seedDemoData } from './seed/index';
