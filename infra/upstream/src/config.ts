import { frozen, type Environment, type LogSettings } from '@odds/ops';
import { noticeSettings, type NoticeSettings } from './notices/publisher';
import { dispatcherOptionsFrom, type DispatcherOptions } from './engine/dispatch';
import { feedHealthSettings, type FeedHealthSettings } from './feeds/health/settings';
import { uofSettings, type UofSettings } from './feeds/uof/settings';
import { webhookConfig, type WebhookConfig } from './engine/channels/webhook-settings';
import type { WhatsappWebhookSettings } from './engine/channels/whatsapp-secrets';
import { uofApiSettings, type UofApiSettings } from './feeds/uof/api-settings';
import { signInSettings, type SignInSettings } from './auth/oidc/settings';
import { isTimeZone } from './compliance/today';
import { syncSettings, type SyncSettings } from './feeds/uof/sync/settings';
import type { ChangeStreamSettings } from './notices/transports';

/**
 * The settings of the upstream's processes (api, worker, migrate, operator), each read once at
 * start from its environment (`startProcess(name)` of @odds/ops, checked against the table of
 * every variable) into a frozen object, and handed down from the entry point. One reader per
 * process, built from shared pieces, so a variable is read in one place only.
 */

/** A setting that stops the process, with a message naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Where the data lives, and whether this is a production deployment. */
export interface DatabaseConfig {
  /** NODE_ENV=production: no migrating at start (the schema is checked), no demo data or logins, a real database. */
  production: boolean;
  /** postgres://… for Postgres; else a PGlite data directory, or memory:// for a throwaway one. */
  databaseUrl: string;
}

/** The broker the feed goes through to the engine workers (AMQP_URL). */
export interface BrokerSettings {
  url: string;
  /** Prefix of the exchange and queue names (AMQP_PREFIX). */
  prefix: string;
  /** Shard queues the feed is hashed into (ENGINE_SHARDS). */
  shards: number;
}

/** The mail server EMAIL contacts and set-password links go through (SMTP_URL, SMTP_FROM). */
export interface SmtpSettings {
  url: string;
  from: string;
}

/** WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN: the keys of the WhatsApp status webhooks (engine/channels/whatsapp-secrets.ts). */
export type { WhatsappWebhookSettings } from './engine/channels/whatsapp-secrets';

/** The delivery senders: concurrency, timeout and retry policy, and how often due retries are looked for. */
interface SendingSettings {
  options: DispatcherOptions;
  pollMs: number;
}

/** The API process (`dist/api.js`, `npm start`'s upstream). */
export interface UpstreamConfig extends DatabaseConfig {
  port: number;
  host: string;
  /** Seed demo data and the demo logins (SEED_DEMO; on by default outside production, never in it). */
  seedDemo: boolean;
  demoEmail: string;
  demoPassword: string;
  /** True when DEMO_PASSWORD was given, so an existing demo user gets it. */
  demoPasswordExplicit: boolean;
  /** The second demo operator, so that two people co-editing a match can be seen (OPS_EMAIL / OPS_PASSWORD). */
  opsEmail: string;
  opsPassword: string;
  opsPasswordExplicit: boolean;
  tokenTtlMs: number;
  logLevel: string;
  log: LogSettings;
  /** The address operators open (set-password links); PUBLIC_URL. */
  publicUrl: string;
  /** When set, /metrics needs `Authorization: Bearer <token>` (METRICS_TOKEN). */
  metricsToken: string | null;
  changes: ChangeStreamSettings;
  /** Null: this process ingests the feed itself (and sends the retries that come due). */
  broker: BrokerSettings | null;
  smtp: SmtpSettings | null;
  sending: SendingSettings;
  /** Null: no Sportradar UOF adapter. */
  uof: UofSettings | null;
  /** Null: no UOF API (UOF_API_URL unset), so no vendor market names on the mapping screen. */
  uofApi: UofApiSettings | null;
  /** Null: this process does not run the catalog sync (no UOF_API_URL, or UOF_SYNC=off). */
  catalogSync: SyncSettings | null;
  feedHealth: FeedHealthSettings;
  /** CHANGE_OUTBOX_*: how the outbox of change notices is swept (notices/publisher.ts). */
  notices: NoticeSettings;
  /** Null: the WhatsApp status webhook is not configured (it answers 404). */
  whatsappWebhook: WhatsappWebhookSettings | null;
  /** DEPLOYMENT_TIME_ZONE: the IANA zone the Compliance screen's "today" is counted in (UTC by default). */
  timeZone: string;
  /** WEBHOOK_*: destinations, signing key, simulated figures, tracked links (engine/channels/webhook-settings.ts). */
  webhooks: WebhookConfig;
  /** OIDC_*, PASSWORD_SIGN_IN: how operators sign in (auth/oidc/settings.ts, docs/sso.md). */
  signIn: SignInSettings;
}

/** An engine worker (`dist/worker.js`). */
export interface WorkerConfig extends DatabaseConfig {
  logLevel: string;
  metricsToken: string | null;
  changes: ChangeStreamSettings;
  broker: BrokerSettings;
  smtp: SmtpSettings | null;
  sending: SendingSettings;
  workers: number;
  index: number;
  prefetch: number;
  batchMax: number;
  batchMs: number;
  standbyDelayMs: number;
  /** A PENDING delivery nobody claimed for this long is sent by whichever worker sweeps first. */
  sendGraceMs: number;
  port: number;
  host: string;
  webhooks: WebhookConfig;
}

/** The operator command (`dist/operator.js`). */
export interface OperatorConfig extends DatabaseConfig {
  publicUrl: string;
  changes: ChangeStreamSettings;
}

type DatabaseEnvironment = Pick<Environment, 'NODE_ENV' | 'DATABASE_URL' | 'ALLOW_EMBEDDED_DB' | 'PGLITE_DIR'>;
type ChangeStreamEnvironment = Pick<Environment, 'REDIS_URL' | 'REDIS_PREFIX'>;

/** DATABASE_URL (else PGLITE_DIR, by default ./data/pglite), refused in production without ALLOW_EMBEDDED_DB=1. */
export function readDatabaseConfig(env: DatabaseEnvironment): Readonly<DatabaseConfig> {
  const production = env.NODE_ENV === 'production';
  if (production && !env.DATABASE_URL && !env.ALLOW_EMBEDDED_DB) {
    throw new ConfigError(
      'NODE_ENV=production needs DATABASE_URL=postgres://… : the embedded PGlite keeps its data in a local ' +
        'directory that a container loses on redeploy (set ALLOW_EMBEDDED_DB=1 to run on it anyway)',
    );
  }
  return frozen({ production, databaseUrl: env.DATABASE_URL ?? env.PGLITE_DIR });
}

const changeStream = (env: ChangeStreamEnvironment): ChangeStreamSettings => ({ redisUrl: env.REDIS_URL ?? null, redisPrefix: env.REDIS_PREFIX });
const smtp = (env: Pick<Environment, 'SMTP_URL' | 'SMTP_FROM'>): SmtpSettings | null => (env.SMTP_URL ? { url: env.SMTP_URL, from: env.SMTP_FROM } : null);

function whatsappWebhook(env: Environment<'api'>): WhatsappWebhookSettings | null {
  if (!env.WHATSAPP_APP_SECRET && !env.WHATSAPP_VERIFY_TOKEN) return null;
  if (!env.WHATSAPP_APP_SECRET || !env.WHATSAPP_VERIFY_TOKEN) {
    throw new ConfigError('WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN go together: the status webhook needs both (or neither)');
  }
  return { appSecret: env.WHATSAPP_APP_SECRET, verifyToken: env.WHATSAPP_VERIFY_TOKEN };
}
const publicUrl = (env: Pick<Environment<'api' | 'operator'>, 'PUBLIC_URL' | 'PORT'>) => env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;

const broker = (url: string, env: Pick<Environment, 'AMQP_PREFIX' | 'ENGINE_SHARDS'>): BrokerSettings => ({
  url,
  prefix: env.AMQP_PREFIX,
  shards: env.ENGINE_SHARDS,
});

/** The API process's settings, frozen; throws a ConfigError naming a setting it refuses. */
export function readConfig(env: Environment<'api'>): Readonly<UpstreamConfig> {
  const database = readDatabaseConfig(env);
  if (database.production && env.SEED_DEMO)
    throw new ConfigError('SEED_DEMO is refused with NODE_ENV=production: a production database gets no demo data and no demo logins');
  // On by default on the laptop path, never in production.
  const seedDemo = !database.production && env.SEED_DEMO !== false;
  const webhooks = configError(() => webhookConfig(env, { ...database, broker: Boolean(env.AMQP_URL), seedDemo, trackBase: publicUrl(env) }));
  return frozen({
    ...database,
    port: env.UPSTREAM_PORT,
    host: env.UPSTREAM_HOST,
    seedDemo,
    // The demo logins' passwords: a given one is applied to an existing demo user at each start.
    demoEmail: env.DEMO_EMAIL ?? 'demo@example.com',
    demoPassword: env.DEMO_PASSWORD ?? 'demo',
    demoPasswordExplicit: env.DEMO_PASSWORD !== undefined,
    opsEmail: env.OPS_EMAIL,
    opsPassword: env.OPS_PASSWORD ?? 'demo',
    opsPasswordExplicit: env.OPS_PASSWORD !== undefined,
    tokenTtlMs: env.TOKEN_TTL_HOURS * 3_600_000,
    logLevel: env.LOG_LEVEL,
    log: { LOG_FORMAT: env.LOG_FORMAT, NO_COLOR: env.NO_COLOR },
    publicUrl: publicUrl(env),
    metricsToken: env.METRICS_TOKEN ?? null,
    changes: changeStream(env),
    broker: env.AMQP_URL ? broker(env.AMQP_URL, env) : null,
    smtp: smtp(env),
    sending: configError(() => ({ options: dispatcherOptionsFrom(env, database), pollMs: env.DELIVERY_POLL_MS })),
    uof: uofSettings(env),
    uofApi: uofApiSettings(env),
    catalogSync: syncSettings(env),
    feedHealth: feedHealthSettings(env),
    notices: noticeSettings(env),
    whatsappWebhook: whatsappWebhook(env),
    timeZone: deploymentTimeZone(env),
    webhooks,
    signIn: configError(() => signInSettings(env, publicUrl(env))),
  });
}

/** An engine worker's settings, frozen; throws a ConfigError naming a setting it refuses or lacks. */
export function readWorkerConfig(env: Environment<'worker'>): Readonly<WorkerConfig> {
  if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '')) {
    throw new ConfigError('an engine worker needs DATABASE_URL=postgres://… (the database every worker and the API share)');
  }
  const database = readDatabaseConfig(env);
  if (!env.AMQP_URL) throw new ConfigError('an engine worker needs AMQP_URL=amqp://… (the broker it consumes the feed from)');
  return frozen({
    ...database,
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN ?? null,
    changes: changeStream(env),
    broker: broker(env.AMQP_URL, env),
    smtp: smtp(env),
    sending: configError(() => ({ options: dispatcherOptionsFrom(env, database), pollMs: env.DELIVERY_POLL_MS })),
    workers: env.ENGINE_WORKERS,
    index: env.ENGINE_WORKER_INDEX,
    prefetch: env.ENGINE_PREFETCH,
    batchMax: env.ENGINE_BATCH_MAX,
    batchMs: env.ENGINE_BATCH_MS,
    standbyDelayMs: env.ENGINE_STANDBY_DELAY_MS,
    sendGraceMs: env.ENGINE_SEND_GRACE_MS,
    port: env.ENGINE_PORT,
    host: env.ENGINE_HOST,
    // Tracked links need the console's address: PUBLIC_URL, or none (calls to action go as written).
    webhooks: configError(() => webhookConfig(env, { ...database, broker: true, seedDemo: false, trackBase: env.PUBLIC_URL ?? null })),
  });
}

/** The operator command's settings, frozen. */
export function readOperatorConfig(env: Environment<'operator'>): Readonly<OperatorConfig> {
  return frozen({ ...readDatabaseConfig(env), publicUrl: publicUrl(env), changes: changeStream(env) });
}

/** A reader of one piece that throws a plain Error (it names the variable) refuses as configuration. */
function configError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw error instanceof ConfigError ? error : new ConfigError((error as Error).message);
  }
}

/** DEPLOYMENT_TIME_ZONE, an IANA zone this runtime knows (UTC when unset). */
function deploymentTimeZone(env: Pick<Environment, 'DEPLOYMENT_TIME_ZONE'>): string {
  const zone = env.DEPLOYMENT_TIME_ZONE.trim();
  if (!isTimeZone(zone)) throw new ConfigError(`DEPLOYMENT_TIME_ZONE must be an IANA time zone such as Europe/London, got '${zone}'`);
  return zone;
}
