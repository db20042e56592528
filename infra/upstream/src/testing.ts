import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildUpstream, type UpstreamOptions } from './app';
import { openDatabase, type Database } from './db/client';
import { ensureDemoUser, OPS_NAME, seedDemoData } from './seed/index';
import { defaultWebhookSettings, webhookConfig, webhookSettings } from './engine/channels/webhook-settings';

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

/** The test database models the embedded demo: its seeded pushes carry simulated (labelled) figures. */
const SEED = { simulatedStats: true };

/** Env var naming a `dumpDataDir()` tarball of a migrated, seeded PGlite (made once per test run). */
export const SNAPSHOT_ENV = 'ODDS_TEST_PGLITE_SNAPSHOT';

/** A migrated, seeded in-memory database, dumped so every test file can start from it. */
export async function seededSnapshot(): Promise<Blob> {
  const database = await openDatabase('memory://');
  await seedDemoData(database.db, undefined, SEED);
  await ensureDemoUser(database.db, DEMO.email, DEMO.password, false, 'Demo Operator', true);
  await ensureDemoUser(database.db, OPS.email, OPS.password, false, OPS_NAME);
  const { PGlite } = await import('@electric-sql/pglite');
  const client = (database.db as unknown as { $client: InstanceType<typeof PGlite> }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  return dump;
}

/** A test's own settings of the process (a broker, a mail server, the feed-stall time…), as the API's entry point passes them. */
export interface TestUpstreamOptions
  extends Pick<
    UpstreamOptions,
    'broker' | 'smtp' | 'sending' | 'feedHealth' | 'whatsappWebhook' | 'webhooks' | 'uof' | 'uofDescriptions' | 'signIn' | 'timeZone' | 'catalogSync'
  > {
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
    await seedDemoData(database.db, now, SEED);
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

/**
 * Webhook settings for the suites' loopback receivers: 127.0.0.1 allowed, as WEBHOOK_ALLOW_HOSTS=127.0.0.1
 * would. On Postgres give its URL: the signing key is then the one engine worker processes of that
 * database derive (webhook-settings.ts), so they read the secrets this process stored.
 */
export const loopbackWebhooks = (databaseUrl?: string) =>
  databaseUrl
    ? webhookSettings(webhookConfig({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1' }, { production: false, databaseUrl, broker: true, seedDemo: false, trackBase: null }))
    : defaultWebhookSettings({ allowHosts: '127.0.0.1' });

// What the cross-part suites (tests/) use inside the upstream, so they import `@odds/upstream/testing`
// and never a path into src/: a file that moves changes this list, not the suites.
export { hashPassword } from './auth/passwords';
export { connectBroker } from './broker/connect';
export { FeedPublisher } from './broker/publisher';
export { routingKey, topologyNames } from './broker/topology';
export { EngineWorker } from './broker/worker';
export { WorkerMetrics } from './broker/worker-metrics';
export { entities } from './coedit/entities';
export { NoticePublisher } from './notices/publisher';
export { recordNotices } from './notices/outbox';
export { openDatabase, type Database, type Db, type Queryable } from './db/client';
export { claimLease, LeaseHolder } from './db/lease';
export { selectNamed } from './db/named';
export { selectRows } from './db/rows';
export {
  auditLog,
  contacts,
  deadLetters,
  deliveries,
  deliverySends,
  jurisdictionRules,
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
  trackedLinks,
  trackers,
  uofLinks,
  uofProducers,
  uofRecoveries,
  uofConnection,
} from './db/schema';
export { ChangeBus } from './notices/bus';
// The daily cap's race (tests/integration/daily-cap-race.test.ts), the compliance bench and the
// rules through engine workers (tests/integration/compliance-broker.test.ts).
export {
  CAPPED,
  complianceChannels,
  connectSource,
  craftContacts,
  FIRST_FIRING,
  firingMatch,
  offerAt,
  outcomesOf,
  rulesFixture,
  sentTo,
  SOURCE_FAILING,
  sourceState,
  sportsbookCustomers,
  type RulesFixture,
} from './engine/compliance/engine-fixture';
export { startFastTrackFake, type FastTrackFake } from './engine/compliance/fakes/fast-track-fake';
export { complianceSettingsFrom } from './engine/compliance/settings';
export { classicsFixture, resultOfferAt } from './engine/test-feed';
// The kill switch's race (tests/integration/kill-switch-race.test.ts).
export { saveStop } from './compliance/stops';
export { pendingDeliveries, pushContacts, resetPacing, sendingFixture, statusOf } from './engine/channels/sending-fixture';
export { closeApnsSessions } from './engine/channels/apns';
export { saveChannel } from './engine/channels/credentials';
export { routeFor, type Reach } from './engine/channels';
export type { ContactInfo } from './engine/match-state';
export { startApnsFake } from './engine/channels/fakes/apns-fake';
export { startFcmFake } from './engine/channels/fakes/fcm-fake';
export { startTelegramFake } from './engine/channels/fakes/telegram-fake';
export { startWhatsappFake } from './engine/channels/fakes/whatsapp-fake';
export { startXFake } from './engine/channels/fakes/x-fake';
export { channelSettingsFrom } from './engine/channels/settings';
export { Dispatcher } from './engine/dispatch';
export { Engine } from './engine/engine';
export { DEFAULT_RETRY_POLICY } from './engine/retry-policy';
export { jobsFor } from './engine/sends';
export { numberOption, parseArgs } from './feeds/args';
export { UpstreamClient } from './feeds/client';
export { feedOrigin, FEEDS_DIR, kickOffOffset, parseFeed, readFeedFile, toMessage, type RecordedFeed } from './feeds/jsonl';
export { recordFeed } from './feeds/record';
export { replayFeed } from './feeds/replay';
export { replayLoop } from './feeds/replay-loop';
export { resolveMatch } from './feeds/resolve-match';
export type { UofConsumer } from './feeds/uof/consumer';
export { MappingTable } from './feeds/uof/mapping';
export type { UofEventMessage } from './feeds/uof/messages';
export { parseUof } from './feeds/uof/parse';
export { readUofRecording, recordUof, replayUof } from './feeds/uof/recording';
export { startUof } from './feeds/uof/start';
export { UOF_DEFAULTS, type UofSettings } from './feeds/uof/settings';
export { UofStatus } from './feeds/uof/status';
export { writeDeadLetter } from './feeds/uof/dead-letters';
export { buildStandIn } from './feeds/uof/stand-in/server';
export { amqpSnapshots } from './feeds/uof/stand-in/snapshots';
export { marketDescriptionsFor } from './feeds/uof/api-settings';
export { uofRecoveryApi } from './feeds/uof/recovery-api';
export { FALLBACK_PRODUCERS } from './feeds/uof/producer-list';
export { aliveXml, fortyMarkets, oddsChangeXml, snapshotCompleteXml, type OddsMarket } from './feeds/uof/test-support';
export { newMemory, translate, type LabelOf } from './feeds/uof/translate';
export type { Call, implement } from './http/implement';
export { ensureDemoUser, seedDemoData } from './seed/index';
// Sign-in through the identity provider (docs/sso.md): settings as a deployment's OIDC_* give them.
export { signInSettings, type SignInSettings } from './auth/oidc/settings';
// The catalog sync (feeds/uof/sync/, docs/catalog.md): tests/integration/catalog-sync*.test.ts.
export { providers, seasons, sports, teams, uofSyncRuns, uofSyncState } from './db/schema';
export { saveShortName } from './catalog/teams';
export { uofApiCall, type UofApiCall } from './feeds/uof/api-client';
export { buildCatalog, type Catalog } from './feeds/uof/stand-in/catalog';
export { addTournament, readSyncStatus, requestSync } from './feeds/uof/sync/panel';
export { DEFAULT_RATES, type SyncSettings } from './feeds/uof/sync/settings';
export { SyncWorker } from './feeds/uof/sync/worker';
