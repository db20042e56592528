import { day, decimal, duration, durations, flag, oneOf, onOff, port, proxyTrust, shaped, text, url, whole, type Kind } from './variable-kinds';

/**
 * Every environment variable the console reads: the processes that read it, the kind of its value
 * (variable-kinds.ts: the form in words, the type, the bounds), its default where it has one of its
 * own, and whether it is a secret. Each process parses its environment with it once, at start
 * (`readEnvironment` in environment.ts), into a frozen object typed from this table
 * (`Environment<'relay'>`). docs/configuration.md is checked against it by a test, defaults too.
 */
export type ProcessName = 'relay' | 'api' | 'worker' | 'migrate' | 'operator' | 'start' | 'cluster' | 'feed-tools';

export interface Variable<T = unknown, P extends readonly ProcessName[] = readonly ProcessName[], Unset = unknown> {
  processes: P;
  kind: Kind<T>;
  /** The default as one writes it (docs/configuration.md shows it so); none when the reader works it out (PUBLIC_URL from PORT). */
  defaultText?: string;
  /** The value when the variable is unset or empty: the default parsed, else undefined. */
  unset: Unset;
  /**
   * A password, token, key or a URL that may carry one: also taken from a file named by `NAME_FILE`
   * (the convention of the Postgres and RabbitMQ images; compose and Kubernetes secrets mount
   * files), so the value never sits in the process's environment or command line.
   */
  secret?: true;
}

function v<T, const P extends readonly ProcessName[]>(processes: P, kind: Kind<T>): Variable<T, P, undefined>;
function v<T, const P extends readonly ProcessName[]>(processes: P, kind: Kind<T>, defaultText: string): Variable<T, P, T>;
function v<T, const P extends readonly ProcessName[]>(processes: P, kind: Kind<T>, defaultText?: string): Variable<T, P, T | undefined> {
  if (defaultText === undefined) return { processes, kind, unset: undefined };
  const unset = kind.parse(defaultText);
  // The table's own mistake: caught by the first import, in every test run.
  if (unset === undefined) throw new Error(`the default '${defaultText}' is not ${kind.form}`);
  return { processes, kind, defaultText, unset };
}

/** A variable whose value is a secret (see `Variable.secret`); secrets have no defaults. */
const secret = <T, const P extends readonly ProcessName[]>(processes: P, kind: Kind<T>) => ({ ...v(processes, kind), secret: true as const });

const UP = ['api', 'start'] as const;
const DB = ['api', 'worker', 'migrate', 'operator', 'start'] as const;
// The command-line tools that record and replay feeds (feed:record, feed:replay, uof:record,
// uof:replay) talk to an upstream or a UOF broker: their flags fall back to these variables.
const TOOLS = 'feed-tools';
const ALL = ['relay', 'api', 'worker', 'migrate', 'operator', 'start'] as const;
/** The processes a trace crosses (tracing.ts); the launchers hand the variables on to them. */
const TRACED = ['relay', 'api', 'worker'] as const;
/** Where a delivery is sent from: engine workers, and the API (and `npm start`'s) without a broker. */
const SENDERS = ['api', 'worker', 'start'] as const;

const http = url(['http', 'https']);
/** `key=value` pairs separated by commas (OTLP headers, resource attributes; values percent-encoded). */
const keyValues = shaped(/^\s*[^\s=,]+\s*=[^,]*(,\s*[^\s=,]+\s*=[^,]*)*$/, 'comma-separated key=value pairs');
const key32 = (spaces: boolean) =>
  shaped(
    spaces ? /^\s*([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)\s*$/ : /^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/,
    '32 bytes as 64 hex digits or base64 (openssl rand -base64 32)',
  );
const seconds = (min: number, max: number) => whole({ min, max, unit: 'seconds' });
const ratio = decimal('a number from 0 to 1', { min: 0, max: 1 });

export const VARIABLES = {
  NODE_ENV: v(ALL, oneOf('production', 'development', 'test')),
  // The API and the operator command make set-password links under http://localhost:$PORT without PUBLIC_URL.
  PORT: v(['relay', 'start', 'operator', 'api', 'cluster'], port, '8080'),
  HOST: v(['relay'], text, '::'),
  DATABASE_URL: secret([...DB, 'cluster'], url(['postgres', 'postgresql'])),
  ALLOW_EMBEDDED_DB: v(DB, flag(['1'], ['0']), '0'),
  PGLITE_DIR: v(DB, text, './data/pglite'),
  // On by default outside production, refused in it: the reader decides (upstream config.ts).
  SEED_DEMO: v(UP, onOff),
  PUBLIC_URL: v(['operator', 'api', 'worker'], http),
  UPSTREAM_URL: v(['relay', 'start', TOOLS], http),
  UPSTREAM_PORT: v(['api', 'start', 'cluster', TOOLS], port, '8081'),
  UPSTREAM_HOST: v(['api'], text, '127.0.0.1'),
  CLIENT_DIR: v(['relay'], text),
  // The feed tools log in with the demo operator only when told to: no default here.
  DEMO_EMAIL: v([...UP, TOOLS], text),
  DEMO_PASSWORD: secret([...UP, TOOLS], text),
  OPS_EMAIL: v(UP, text, 'ops@example.com'),
  OPS_PASSWORD: secret(UP, text),
  TOKEN_TTL_HOURS: v(['api'], decimal('a positive number of hours', { above: 0 }), '12'),
  LOG_LEVEL: v(ALL, oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'), 'info'),
  LOG_FORMAT: v(ALL, oneOf('pretty', 'json')),
  // The common convention (no-color.org): any value turns colours off in pretty logs.
  NO_COLOR: v(ALL, text),
  API_DOCS: v(['relay'], oneOf('login', 'public'), 'login'),
  REDIS_URL: secret(['relay', 'api', 'worker', 'operator', 'start', 'cluster'], url(['redis', 'rediss'])),
  REDIS_PREFIX: v(['relay', 'api', 'worker', 'operator'], text, 'odds:'),
  POLL_INTERVAL_MS: v(['relay'], whole({ min: 50 }), '1000'),
  CHANGE_STREAM: v(['relay'], onOff, 'on'),
  SAFETY_POLL_MS: v(['relay'], whole({ min: 100 }), '30000'),
  // The hub's default when unset (relay/src/live/hub.ts).
  RELAY_EMAIL: v(['relay'], text),
  RELAY_PASSWORD: secret(['relay'], text),
  WATCH_GRACE_MS: v(['relay'], whole(), '5000'),
  LIVE_RETAIN_MS: v(['relay'], whole({ min: 1000 }), '600000'),
  LEASE_TTL_MS: v(['relay'], whole({ min: 500 }), '5000'),
  METRICS_TOKEN: secret(['relay', 'api', 'worker'], text),
  TRUST_PROXY: v(['relay'], proxyTrust, 'false'),
  RELAY_BODY_LIMIT: v(['relay'], whole({ min: 1024 }), '1048576'),
  RELAY_UPLOAD_LIMIT: v(['relay'], whole({ min: 1024 }), '3145728'),
  RELAY_MAX_SOCKETS_PER_ADDRESS: v(['relay'], whole({ min: 1 }), '500'),
  RELAY_MAX_SOCKETS_PER_TOKEN: v(['relay'], whole({ min: 1 }), '50'),
  RELAY_HANDSHAKES_PER_SECOND: v(['relay'], whole({ min: 1 }), '10'),
  UPSTREAM_TIMEOUT_MS: v(['relay'], whole({ min: 100 }), '5000'),
  UPSTREAM_SLOW_TIMEOUT_MS: v(['relay'], whole({ min: 100 }), '60000'),
  SMTP_URL: secret(['api', 'worker'], url(['smtp', 'smtps'])),
  SMTP_FROM: v(['api', 'worker'], text, 'offers@odds-console.local'),
  DEMO_FEED: v(['start'], onOff, 'on'),
  DEMO_FEED_SPEED: v(['start'], decimal('a positive number', { min: 0 }), '1'),
  AMQP_URL: secret(['api', 'worker', 'start', 'cluster'], url(['amqp', 'amqps'])),
  AMQP_PREFIX: v(['api', 'worker'], text, 'odds'),
  ENGINE_SHARDS: v(['api', 'worker'], whole({ min: 1, max: 256 }), '8'),
  ENGINE_WORKERS: v(['worker'], whole({ min: 1 }), '1'),
  ENGINE_WORKER_INDEX: v(['worker'], whole(), '0'),
  ENGINE_STANDBY_DELAY_MS: v(['worker'], whole(), '3000'),
  ENGINE_PREFETCH: v(['worker'], whole({ min: 1 }), '500'),
  ENGINE_BATCH_MAX: v(['worker'], whole({ min: 1 }), '200'),
  ENGINE_BATCH_MS: v(['worker'], whole(), '20'),
  ENGINE_PORT: v(['worker', 'cluster'], port, '9100'),
  ENGINE_HOST: v(['worker'], text, '127.0.0.1'),
  ENGINE_SEND_GRACE_MS: v(['worker'], whole(), '10000'),
  // Retries of failed webhook and mail sends (docs/deliveries.md): engine workers, and the API without a broker.
  DELIVERY_RETRY_SCHEDULE: v(SENDERS, durations, '10s,30s,2m,10m,30m'),
  DELIVERY_RETRY_DEADLINE: v(SENDERS, duration('1h'), '1h'),
  DELIVERY_RETRY_JITTER: v(SENDERS, decimal('a number from 0 to 1, below 1', { min: 0, below: 1 }), '0.2'),
  DELIVERY_TIMEOUT_MS: v(SENDERS, whole({ min: 100 }), '5000'),
  DELIVERY_CONCURRENCY: v(SENDERS, whole({ min: 1 }), '4'),
  DELIVERY_POLL_MS: v(SENDERS, whole({ min: 1 }), '1000'),
  // The change outbox of committed writes (docs/live-path.md): how often it is swept, and a test's delay.
  CHANGE_OUTBOX_SWEEP_MS: v(UP, whole({ min: 50 }), '2000'),
  CHANGE_OUTBOX_DELAY_MS: v(UP, whole(), '0'),
  // Sportradar UOF adapter (docs/feeds-uof.md) and the feed-stall alarm, in the API process.
  UOF_AMQP_URL: secret([...UP, TOOLS], url(['amqp', 'amqps'])),
  UOF_EXCHANGE: v([...UP, TOOLS], text, 'unifiedfeed'),
  // Unset: a server-named exclusive queue, as UOF bookmakers use.
  UOF_QUEUE: v(UP, text),
  UOF_BINDING_KEYS: v(UP, text, '#'),
  UOF_API_URL: v(UP, http),
  UOF_TOKEN: secret(UP, text),
  UOF_ALIVE_TIMEOUT_S: v(UP, seconds(1, 86_400), '20'),
  UOF_RECOVERY_TIMEOUT_S: v(UP, seconds(1, 86_400), '300'),
  FEED_STALL_S: v(UP, seconds(1, 86_400), '60'),
  // Channels, messaging (docs/channels.md): the Telegram, WhatsApp and X API hosts of the senders
  // (a local fake in tests and staging; the vendors' own by default, engine/channels/registry.ts),
  // and the WhatsApp status webhooks' keys.
  TELEGRAM_API_URL: v(SENDERS, http),
  WHATSAPP_API_URL: v(SENDERS, http),
  X_API_URL: v(SENDERS, http),
  WHATSAPP_APP_SECRET: secret(UP, text),
  WHATSAPP_VERIFY_TOKEN: secret(UP, text),
  // Webhook safety (docs/channels.md "Webhooks"): the destinations allowed inside our network, the key of the signing secrets.
  WEBHOOK_ALLOW_HOSTS: v(SENDERS, shaped(/^\s*[^\s,]+(\s*,\s*[^\s,]+)*\s*$/, 'a comma-separated list of host or host:port entries')),
  WEBHOOK_SECRETS_KEY: secret(SENDERS, key32(false)),
  // Vendor channels (docs/channels.md): their APIs' base URLs (a local fake in tests and staging),
  // the key sealing the credentials' secrets, the shared pace and how long a message is worth sending.
  CHANNEL_SECRETS_KEY: secret(SENDERS, key32(true)),
  // Each vendor's own pace by default (engine/channels/registry.ts); the vendors named here are checked there.
  CHANNEL_RATES: v(
    SENDERS,
    shaped(
      /^\s*[a-z][a-z0-9_]*\s*=\s*\d+(\.\d+)?\s*(,\s*[a-z][a-z0-9_]*\s*=\s*\d+(\.\d+)?\s*)*$/,
      'vendor=messages per second, comma-separated (fcm=500,apns=500)',
    ),
  ),
  CHANNEL_MESSAGE_TTL: v(SENDERS, duration('10m'), '10m'),
  FCM_API_URL: v(SENDERS, http),
  FCM_TOKEN_URL: v(SENDERS, http),
  APNS_API_URL: v(SENDERS, url(['https'])),
  APNS_CA_FILE: v(SENDERS, text),
  // UOF connection, poison messages, recovery pacing and feed delay (docs/feeds-uof.md).
  // The vendor SDKs never ask for recoveries closer together than 20 s.
  UOF_RECOVERY_INTERVAL_S: v(UP, seconds(20, 86_400), '30'),
  UOF_MAX_MESSAGE_BYTES: v(UP, whole({ min: 1024, max: 128 * 1024 * 1024, unit: 'bytes' }), '4194304'),
  UOF_MAX_ATTEMPTS: v(UP, whole({ min: 1, max: 100, unit: 'attempts' }), '3'),
  UOF_MAX_DELAY_S: v(UP, seconds(0, 86_400), '20'),
  // UOF market descriptions and the local UOF stand-in (docs/feeds-uof.md), in the API process.
  UOF_DESCRIPTIONS_TTL_S: v(UP, seconds(60, 7 * 86_400), '3600'),
  // Sign-in through the company's identity provider, OpenID Connect (docs/sso.md), and whether passwords are taken.
  OIDC_ISSUER_URL: v(UP, http),
  OIDC_CLIENT_ID: v(UP, text),
  OIDC_CLIENT_SECRET: secret(UP, text),
  OIDC_DISPLAY_NAME: v(UP, text, 'single sign-on'),
  OIDC_SCOPES: v(UP, shaped(/^[\x21\x23-\x5b\x5d-\x7e ]+$/, 'scopes separated by spaces'), 'openid email profile'),
  OIDC_ACCOUNTS: v(UP, oneOf('invited', 'just-in-time'), 'invited'),
  OIDC_ROLES: v(UP, oneOf('groups', 'console'), 'groups'),
  OIDC_GROUPS_CLAIM: v(UP, text, 'groups'),
  PASSWORD_SIGN_IN: v(UP, onOff, 'on'),
  // Compliance (docs/compliance.md): the suppression list's hash key, the blocks source's timeout and cache.
  COMPLIANCE_HASH_KEY: secret(SENDERS, key32(true)),
  COMPLIANCE_BLOCKS_TIMEOUT_MS: v(SENDERS, whole({ min: 50 }), '2000'),
  COMPLIANCE_BLOCKS_CACHE_MS: v(SENDERS, whole({ min: 1 }), '60000'),
  // Compliance operations (docs/compliance-operations.md): the zone "today" is counted in.
  DEPLOYMENT_TIME_ZONE: v(UP, shaped(/^\s*[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*\s*$/, 'an IANA time zone such as Europe/London'), 'UTC'),
  // Catalog sync from the UOF Sports API (docs/catalog.md), in the API process.
  UOF_SYNC: v(UP, onOff, 'on'),
  UOF_SYNC_HORIZON_DAYS: v(UP, whole({ min: 1, max: 60 }), '7'),
  // Unset: today (UTC).
  UOF_SYNC_START_DATE: v(UP, day),
  UOF_SYNC_SCHEDULE_EVERY_S: v(UP, whole({ min: 60, max: 7 * 86_400 }), '86400'),
  UOF_SYNC_LIVE_EVERY_S: v(UP, whole({ min: 30, max: 86_400 }), '300'),
  // The endpoints and their own rates are the sync's (feeds/uof/sync/settings.ts).
  UOF_SYNC_RATES: v(UP, text),
  UOF_SYNC_LEASE_S: v(UP, whole({ min: 10, max: 3_600 }), '60'),
  // OpenTelemetry traces (docs/tracing.md): the SDK's standard variables, off unless an exporter or endpoint is set.
  // The traces' own variable of a pair wins over the general one, so neither has a default here.
  OTEL_SDK_DISABLED: v(TRACED, flag(['true'], ['false']), 'false'),
  OTEL_TRACES_EXPORTER: v(TRACED, oneOf('otlp', 'console', 'none')),
  OTEL_EXPORTER_OTLP_ENDPOINT: v(TRACED, http),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: v(TRACED, http),
  // A collector's API key travels in these headers.
  OTEL_EXPORTER_OTLP_HEADERS: secret(TRACED, keyValues),
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: secret(TRACED, keyValues),
  OTEL_EXPORTER_OTLP_PROTOCOL: v(TRACED, oneOf('http/protobuf')),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: v(TRACED, oneOf('http/protobuf')),
  OTEL_EXPORTER_OTLP_TIMEOUT: v(TRACED, whole({ min: 1 })),
  OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: v(TRACED, whole({ min: 1 })),
  OTEL_EXPORTER_OTLP_COMPRESSION: v(TRACED, oneOf('gzip', 'none')),
  OTEL_EXPORTER_OTLP_TRACES_COMPRESSION: v(TRACED, oneOf('gzip', 'none')),
  // Unset: odds-<process>.
  OTEL_SERVICE_NAME: v(TRACED, text),
  OTEL_RESOURCE_ATTRIBUTES: v(TRACED, keyValues),
  OTEL_TRACES_SAMPLER: v(
    TRACED,
    oneOf('always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'),
    'parentbased_always_on',
  ),
  OTEL_TRACES_SAMPLER_ARG: v(TRACED, ratio, '1'),
} satisfies Record<string, Variable>;

type Table = typeof VARIABLES;
export type VariableName = keyof Table;

/** The names process P reads. */
type ReadBy<P extends ProcessName> = { [K in VariableName]: P extends Table[K]['processes'][number] ? K : never }[VariableName];
type KindOf<V> = V extends Variable<infer T, readonly ProcessName[], unknown> ? T : never;
/** The names of P's variables that have a default: always there. */
type Defaulted<P extends ProcessName> = { [K in ReadBy<P>]: undefined extends Table[K]['unset'] ? never : K }[ReadBy<P>];
type Flat<T> = { [K in keyof T]: T[K] };

/**
 * The environment of process P as `readEnvironment` parsed it: each of its variables with the
 * value of its kind, the default where unset, absent where unset without one. Without P: every
 * variable, for code that several processes share (`Pick<Environment, 'REDIS_URL'>`).
 */
export type Environment<P extends ProcessName = ProcessName> = Flat<
  { readonly [K in Defaulted<P>]: KindOf<Table[K]> } & { readonly [K in Exclude<ReadBy<P>, Defaulted<P>>]?: KindOf<Table[K]> }
>;

/** Every variable's value when nothing is set: what library code built without a process's settings starts from (an app in a test). */
export const DEFAULTS = Object.freeze(Object.fromEntries(Object.entries(VARIABLES).map(([name, variable]) => [name, variable.unset]))) as Environment;
