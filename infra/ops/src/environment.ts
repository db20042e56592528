import { readFileSync } from 'node:fs';
import { Type, type TObject, type TSchema } from 'typebox';
import { Value } from 'typebox/value';

/**
 * Every environment variable the console reads, with the processes that read it and the form its
 * value must have (a TypeBox schema over the string). Each process checks its environment against
 * it once, at start (`checkEnvironment`): a malformed value of one of its own variables, or a
 * variable that looks like ours but that no process knows (a typo), stops it with a message naming
 * the variable. docs/configuration.md is checked against this table by a test.
 */
export type ProcessName = 'relay' | 'api' | 'worker' | 'migrate' | 'operator' | 'start' | 'cluster' | 'feed-tools';

export interface Variable {
  processes: ProcessName[];
  schema: TSchema;
  /** What the value must look like, in words (the message of a malformed value). */
  form: string;
  /**
   * A password, token, key or a URL that may carry one: also taken from a file named by `NAME_FILE`
   * (the convention of the Postgres and RabbitMQ images; compose and Kubernetes secrets mount
   * files), so the value never sits in the process's environment or command line.
   */
  secret?: true;
}

const whole = (min = 0) => ({ schema: Type.String({ pattern: '^\\d+$' }), form: `a whole number${min ? ` of at least ${min}` : ''}`, min });
const port = { schema: Type.String({ pattern: '^\\d{1,5}$' }), form: 'a port number' };
const text = { schema: Type.String({ minLength: 1 }), form: 'text' };
const anyText = { schema: Type.String(), form: 'text' };
const url = (schemes: string[]) => ({
  schema: Type.String({ pattern: `^(${schemes.join('|')})://` }),
  form: `a ${schemes.map((s) => `${s}://`).join(' or ')} URL`,
});
const oneOf = (...values: string[]) => ({ schema: Type.Union(values.map((v) => Type.Literal(v))), form: `one of ${values.join(', ')}` });
const onOff = oneOf('on', 'off', '1', '0', 'true', 'false');

const UP: ProcessName[] = ['api', 'start'];
const DB: ProcessName[] = ['api', 'worker', 'migrate', 'operator', 'start'];
// The command-line tools that record and replay feeds (feed:record, feed:replay, uof:record,
// uof:replay) talk to an upstream or a UOF broker: their flags fall back to these variables.
const TOOLS: ProcessName = 'feed-tools';
const ALL: ProcessName[] = ['relay', 'api', 'worker', 'migrate', 'operator', 'start'];
/** The processes a trace crosses (tracing.ts); the launchers hand the variables on to them. */
const TRACED: ProcessName[] = ['relay', 'api', 'worker'];
/** `key=value` pairs separated by commas (OTLP headers, resource attributes; values percent-encoded). */
const keyValues = { schema: Type.String({ pattern: '^\\s*[^\\s=,]+\\s*=[^,]*(,\\s*[^\\s=,]+\\s*=[^,]*)*$' }), form: 'comma-separated key=value pairs' };
const v = (processes: ProcessName[], form: { schema: TSchema; form: string }): Variable => ({ processes, schema: form.schema, form: form.form });
/** A variable whose value is a secret (see `Variable.secret`). */
const secret = (processes: ProcessName[], form: { schema: TSchema; form: string }): Variable => ({ ...v(processes, form), secret: true });

export const VARIABLES = {
  NODE_ENV: v(ALL, oneOf('production', 'development', 'test')),
  // The API and the operator command make set-password links under http://localhost:$PORT without PUBLIC_URL.
  PORT: v(['relay', 'start', 'operator', 'api', 'cluster'], port),
  HOST: v(['relay'], text),
  DATABASE_URL: secret([...DB, 'cluster'], url(['postgres', 'postgresql'])),
  ALLOW_EMBEDDED_DB: v(DB, oneOf('1', '0')),
  PGLITE_DIR: v(DB, text),
  SEED_DEMO: v(UP, onOff),
  PUBLIC_URL: v(['operator', 'api', 'worker'], url(['http', 'https'])),
  UPSTREAM_URL: v(['relay', 'start', TOOLS], url(['http', 'https'])),
  UPSTREAM_PORT: v(['api', 'start', 'cluster', TOOLS], port),
  UPSTREAM_HOST: v(['api'], text),
  CLIENT_DIR: v(['relay'], text),
  DEMO_EMAIL: v([...UP, TOOLS], text),
  DEMO_PASSWORD: secret([...UP, TOOLS], text),
  OPS_EMAIL: v(UP, text),
  OPS_PASSWORD: secret(UP, text),
  TOKEN_TTL_HOURS: v(['api'], { schema: Type.String({ pattern: '^\\d+(\\.\\d+)?$' }), form: 'a positive number of hours' }),
  LOG_LEVEL: v(ALL, oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent')),
  LOG_FORMAT: v(ALL, oneOf('pretty', 'json')),
  // The common convention (no-color.org): any value turns colours off in pretty logs.
  NO_COLOR: v(ALL, anyText),
  API_DOCS: v(['relay'], oneOf('login', 'public')),
  REDIS_URL: secret(['relay', 'api', 'worker', 'operator', 'start', 'cluster'], url(['redis', 'rediss'])),
  REDIS_PREFIX: v(['relay', 'api', 'worker', 'operator'], anyText),
  POLL_INTERVAL_MS: v(['relay'], whole(50)),
  CHANGE_STREAM: v(['relay'], onOff),
  SAFETY_POLL_MS: v(['relay'], whole(100)),
  CROSS_MATCH_WINDOW_MS: v(['relay'], whole()),
  CARRIED_OFFERS: v(['relay'], onOff),
  RELAY_EMAIL: v(['relay'], text),
  RELAY_PASSWORD: secret(['relay'], text),
  WATCH_GRACE_MS: v(['relay'], whole()),
  LIVE_RETAIN_MS: v(['relay'], whole(1000)),
  LEASE_TTL_MS: v(['relay'], whole(500)),
  METRICS_TOKEN: secret(['relay', 'api', 'worker'], text),
  TRUST_PROXY: v(['relay'], text),
  RELAY_BODY_LIMIT: v(['relay'], whole(1024)),
  RELAY_UPLOAD_LIMIT: v(['relay'], whole(1024)),
  RELAY_MAX_SOCKETS_PER_ADDRESS: v(['relay'], whole(1)),
  RELAY_MAX_SOCKETS_PER_TOKEN: v(['relay'], whole(1)),
  RELAY_HANDSHAKES_PER_SECOND: v(['relay'], whole(1)),
  UPSTREAM_TIMEOUT_MS: v(['relay'], whole(100)),
  UPSTREAM_SLOW_TIMEOUT_MS: v(['relay'], whole(100)),
  SMTP_URL: secret(['api', 'worker'], url(['smtp', 'smtps'])),
  SMTP_FROM: v(['api', 'worker'], text),
  DEMO_FEED: v(['start'], onOff),
  DEMO_FEED_SPEED: v(['start'], { schema: Type.String({ pattern: '^\\d+(\\.\\d+)?$' }), form: 'a positive number' }),
  AMQP_URL: secret(['api', 'worker', 'start', 'cluster'], url(['amqp', 'amqps'])),
  AMQP_PREFIX: v(['api', 'worker'], text),
  ENGINE_SHARDS: v(['api', 'worker'], whole(1)),
  ENGINE_WORKERS: v(['worker'], whole(1)),
  ENGINE_WORKER_INDEX: v(['worker'], whole()),
  ENGINE_STANDBY_DELAY_MS: v(['worker'], whole()),
  ENGINE_PREFETCH: v(['worker'], whole(1)),
  ENGINE_BATCH_MAX: v(['worker'], whole(1)),
  ENGINE_BATCH_MS: v(['worker'], whole()),
  ENGINE_PORT: v(['worker', 'cluster'], port),
  ENGINE_HOST: v(['worker'], text),
  ENGINE_SEND_GRACE_MS: v(['worker'], whole()),
  // Retries of failed webhook and mail sends (docs/deliveries.md): engine workers, and the API without a broker.
  DELIVERY_RETRY_SCHEDULE: v(['api', 'worker', 'start'], {
    schema: Type.String({ pattern: '^\\s*\\d+(\\.\\d+)?\\s*(ms|s|m|min|h)?\\s*(,\\s*\\d+(\\.\\d+)?\\s*(ms|s|m|min|h)?\\s*)*$' }),
    form: 'a comma-separated list of waits such as 10s,30s,2m',
  }),
  DELIVERY_RETRY_DEADLINE: v(['api', 'worker', 'start'], {
    schema: Type.String({ pattern: '^\\s*\\d+(\\.\\d+)?\\s*(ms|s|m|min|h)?\\s*$' }),
    form: 'a duration such as 1h',
  }),
  DELIVERY_RETRY_JITTER: v(['api', 'worker', 'start'], { schema: Type.String({ pattern: '^(0(\\.\\d+)?|1(\\.0+)?)$' }), form: 'a number from 0 to 1' }),
  DELIVERY_TIMEOUT_MS: v(['api', 'worker', 'start'], whole(100)),
  DELIVERY_CONCURRENCY: v(['api', 'worker', 'start'], whole(1)),
  DELIVERY_POLL_MS: v(['api', 'worker', 'start'], whole(1)),
  // The change outbox of committed writes (docs/live-path.md): how often it is swept, and a test's delay.
  CHANGE_OUTBOX_SWEEP_MS: v(['api', 'start'], whole(50)),
  CHANGE_OUTBOX_DELAY_MS: v(['api', 'start'], whole()),
  // Sportradar UOF adapter (docs/feeds-uof.md) and the feed-stall alarm, in the API process.
  UOF_AMQP_URL: secret(['api', 'start', TOOLS], url(['amqp', 'amqps'])),
  UOF_EXCHANGE: v(['api', 'start', TOOLS], text),
  UOF_QUEUE: v(['api', 'start'], text),
  UOF_BINDING_KEYS: v(['api', 'start'], text),
  UOF_API_URL: v(['api', 'start'], url(['http', 'https'])),
  UOF_TOKEN: secret(['api', 'start'], text),
  UOF_ALIVE_TIMEOUT_S: v(['api', 'start'], whole(1)),
  UOF_RECOVERY_TIMEOUT_S: v(['api', 'start'], whole(1)),
  FEED_STALL_S: v(['api', 'start'], whole(1)),
  // Channels, messaging (docs/channels.md): the Telegram, WhatsApp and X API hosts of the
  // senders (a local fake in tests and staging), and the WhatsApp status webhooks' keys.
  TELEGRAM_API_URL: v(['api', 'worker', 'start'], url(['http', 'https'])),
  WHATSAPP_API_URL: v(['api', 'worker', 'start'], url(['http', 'https'])),
  X_API_URL: v(['api', 'worker', 'start'], url(['http', 'https'])),
  WHATSAPP_APP_SECRET: secret(['api', 'start'], text),
  WHATSAPP_VERIFY_TOKEN: secret(['api', 'start'], text),
  // Webhook safety (docs/channels.md "Webhooks"): the destinations allowed inside our network, the key of the signing secrets.
  WEBHOOK_ALLOW_HOSTS: v(['api', 'worker', 'start'], {
    schema: Type.String({ pattern: '^\\s*[^\\s,]+(\\s*,\\s*[^\\s,]+)*\\s*$' }),
    form: 'a comma-separated list of host or host:port entries',
  }),
  WEBHOOK_SECRETS_KEY: secret(['api', 'worker', 'start'], {
    schema: Type.String({ pattern: '^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$' }),
    form: '32 bytes as 64 hex digits or base64 (openssl rand -base64 32)',
  }),
  // Vendor channels (docs/channels.md): their APIs' base URLs (a local fake in tests and staging),
  // the key sealing the credentials' secrets, the shared pace and how long a message is worth sending.
  CHANNEL_SECRETS_KEY: secret(['api', 'worker', 'start'], {
    schema: Type.String({ pattern: '^\\s*([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)\\s*$' }),
    form: '32 bytes as 64 hex digits or base64 (openssl rand -base64 32)',
  }),
  CHANNEL_RATES: v(['api', 'worker', 'start'], {
    schema: Type.String({ pattern: '^\\s*[a-z][a-z0-9_]*\\s*=\\s*\\d+(\\.\\d+)?\\s*(,\\s*[a-z][a-z0-9_]*\\s*=\\s*\\d+(\\.\\d+)?\\s*)*$' }),
    form: 'vendor=messages per second, comma-separated (fcm=500,apns=500)',
  }),
  CHANNEL_MESSAGE_TTL: v(['api', 'worker', 'start'], {
    schema: Type.String({ pattern: '^\\s*\\d+(\\.\\d+)?\\s*(ms|s|m|min|h)?\\s*$' }),
    form: 'a duration such as 10m',
  }),
  FCM_API_URL: v(['api', 'worker', 'start'], url(['http', 'https'])),
  FCM_TOKEN_URL: v(['api', 'worker', 'start'], url(['http', 'https'])),
  APNS_API_URL: v(['api', 'worker', 'start'], url(['https'])),
  APNS_CA_FILE: v(['api', 'worker', 'start'], text),
  // UOF connection, poison messages, recovery pacing and feed delay (docs/feeds-uof.md).
  UOF_RECOVERY_INTERVAL_S: v(['api', 'start'], whole(20)),
  UOF_MAX_MESSAGE_BYTES: v(['api', 'start'], whole(1024)),
  UOF_MAX_ATTEMPTS: v(['api', 'start'], whole(1)),
  UOF_MAX_DELAY_S: v(['api', 'start'], whole()),
  // UOF market descriptions and the local UOF stand-in (docs/feeds-uof.md), in the API process.
  UOF_DESCRIPTIONS_TTL_S: v(['api', 'start'], whole(60)),
  // Sign-in through the company's identity provider, OpenID Connect (docs/sso.md), and whether passwords are taken.
  OIDC_ISSUER_URL: v(['api', 'start'], url(['http', 'https'])),
  OIDC_CLIENT_ID: v(['api', 'start'], text),
  OIDC_CLIENT_SECRET: secret(['api', 'start'], text),
  OIDC_DISPLAY_NAME: v(['api', 'start'], text),
  OIDC_SCOPES: v(['api', 'start'], { schema: Type.String({ pattern: '^[\\x21\\x23-\\x5b\\x5d-\\x7e ]+$' }), form: 'scopes separated by spaces' }),
  OIDC_ACCOUNTS: v(['api', 'start'], oneOf('invited', 'just-in-time')),
  OIDC_ROLES: v(['api', 'start'], oneOf('groups', 'console')),
  OIDC_GROUPS_CLAIM: v(['api', 'start'], text),
  PASSWORD_SIGN_IN: v(['api', 'start'], onOff),
  // Compliance (docs/compliance.md): the suppression list's hash key, the blocks source's timeout and cache.
  COMPLIANCE_HASH_KEY: secret(['api', 'worker', 'start'], {
    schema: Type.String({ pattern: '^\\s*([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)\\s*$' }),
    form: '32 bytes as 64 hex digits or base64 (openssl rand -base64 32)',
  }),
  COMPLIANCE_BLOCKS_TIMEOUT_MS: v(['api', 'worker', 'start'], whole(50)),
  COMPLIANCE_BLOCKS_CACHE_MS: v(['api', 'worker', 'start'], whole(1)),
  // Compliance operations (docs/compliance-operations.md): the zone "today" is counted in.
  DEPLOYMENT_TIME_ZONE: v(['api', 'start'], {
    schema: Type.String({ pattern: '^\\s*[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*\\s*$' }),
    form: 'an IANA time zone such as Europe/London',
  }),
  // Catalog sync from the UOF Sports API (docs/catalog.md), in the API process.
  UOF_SYNC: v(['api', 'start'], onOff),
  UOF_SYNC_HORIZON_DAYS: v(['api', 'start'], whole(1)),
  UOF_SYNC_START_DATE: v(['api', 'start'], { schema: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), form: 'a date such as 2022-12-17' }),
  UOF_SYNC_SCHEDULE_EVERY_S: v(['api', 'start'], whole(60)),
  UOF_SYNC_LIVE_EVERY_S: v(['api', 'start'], whole(30)),
  UOF_SYNC_RATES: v(['api', 'start'], text),
  UOF_SYNC_LEASE_S: v(['api', 'start'], whole(10)),
  // OpenTelemetry traces (docs/tracing.md): the SDK's standard variables, off unless an exporter or endpoint is set.
  OTEL_SDK_DISABLED: v(TRACED, oneOf('true', 'false')),
  OTEL_TRACES_EXPORTER: v(TRACED, oneOf('otlp', 'console', 'none')),
  OTEL_EXPORTER_OTLP_ENDPOINT: v(TRACED, url(['http', 'https'])),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: v(TRACED, url(['http', 'https'])),
  // A collector's API key travels in these headers.
  OTEL_EXPORTER_OTLP_HEADERS: secret(TRACED, keyValues),
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: secret(TRACED, keyValues),
  OTEL_EXPORTER_OTLP_PROTOCOL: v(TRACED, oneOf('http/protobuf')),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: v(TRACED, oneOf('http/protobuf')),
  OTEL_EXPORTER_OTLP_TIMEOUT: v(TRACED, whole(1)),
  OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: v(TRACED, whole(1)),
  OTEL_EXPORTER_OTLP_COMPRESSION: v(TRACED, oneOf('gzip', 'none')),
  OTEL_EXPORTER_OTLP_TRACES_COMPRESSION: v(TRACED, oneOf('gzip', 'none')),
  OTEL_SERVICE_NAME: v(TRACED, text),
  OTEL_RESOURCE_ATTRIBUTES: v(TRACED, keyValues),
  OTEL_TRACES_SAMPLER: v(
    TRACED,
    oneOf('always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'),
  ),
  OTEL_TRACES_SAMPLER_ARG: v(TRACED, { schema: Type.String({ pattern: '^(0(\\.\\d+)?|1(\\.0+)?)$' }), form: 'a number from 0 to 1' }),
} satisfies Record<string, Variable>;

export type VariableName = keyof typeof VARIABLES;
const TABLE: Record<string, Variable | undefined> = VARIABLES;

/**
 * The variables one process reads, as text: those of its own that are set (an empty value counts
 * as unset), checked against the table. Each process turns it into its typed settings once.
 */
export type Environment = Readonly<Partial<Record<VariableName, string>>>;

/** Name prefixes that are ours: an unknown variable with one of them is a mistake, not someone else's. */
export const OUR_PREFIXES = [
  'ENGINE_',
  'RELAY_',
  'UPSTREAM_',
  'SMTP_',
  'AMQP_',
  'REDIS_',
  'DEMO_',
  'OPS_',
  'PGLITE_',
  'METRICS_',
  'API_',
  'TOKEN_',
  'POLL_',
  'LIVE_',
  'LEASE_',
  'WATCH_',
  'SAFETY_',
  'CHANGE_',
  'TRUST_',
  'DATABASE_',
  'SEED_',
  'ALLOW_',
  'PUBLIC_',
  'CLIENT_',
  'DELIVERY_',
  'UOF_',
  'FEED_',
  // Channels, messaging.
  'TELEGRAM_',
  'WHATSAPP_',
  'X_API',
  'WEBHOOK_',
  // Vendor channels (docs/channels.md).
  'CHANNEL_',
  'FCM_',
  'APNS_',
  // Sign-in through the identity provider (docs/sso.md).
  'OIDC_',
  'PASSWORD_',
  // Compliance (docs/compliance.md).
  'COMPLIANCE_',
];

export class EnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'EnvironmentError';
  }
}

/**
 * The problems of `env` for process `name`: its own variables with a malformed value, and unknown
 * variables that carry one of our prefixes or are one or two letters from a known name.
 */
export function environmentProblems(name: ProcessName, env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) continue;
    // NAME_FILE of a secret names the file its value is read from (secretsFromFiles).
    if (key.endsWith(FILE_SUFFIX) && TABLE[key.slice(0, -FILE_SUFFIX.length)]?.secret) continue;
    const known = TABLE[key];
    if (known) {
      // An empty value means "unset" for our variables, as the readers treat it.
      if (value === '' || !known.processes.includes(name)) continue;
      const min = /at least (\d+)/.exec(known.form)?.[1];
      if (!Value.Check(known.schema, value) || (min !== undefined && Number(value) < Number(min))) {
        // A secret's value is never repeated: the refusal goes to logs that many can read.
        problems.push(`${key} must be ${known.form}, ${known.secret ? 'got another value (a secret: not shown)' : `got '${value}'`}`);
      }
      continue;
    }
    const near = nearestKnown(key);
    if (OUR_PREFIXES.some((prefix) => key.startsWith(prefix)) || near) {
      problems.push(`${key} is not a setting of the console${near ? ` (did you mean ${near}?)` : ''}; see docs/configuration.md`);
    }
  }
  return problems;
}

const FILE_SUFFIX = '_FILE';

/**
 * The environment with each secret given as `NAME_FILE` read from its file (its content, less one
 * trailing line break), for process `name`'s own secrets. Both NAME and NAME_FILE set, or a file
 * that cannot be read or is empty, is refused naming the variable (never the value). The file
 * variables themselves are left out of what is returned.
 */
export function secretsFromFiles(
  name: ProcessName,
  env: NodeJS.ProcessEnv,
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): NodeJS.ProcessEnv {
  const resolved: NodeJS.ProcessEnv = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(env)) {
    const base = key.endsWith(FILE_SUFFIX) ? key.slice(0, -FILE_SUFFIX.length) : null;
    const variable = base ? TABLE[base] : undefined;
    if (!base || !variable?.secret) {
      if (!(key in resolved)) resolved[key] = value;
      continue;
    }
    if (!value || !variable.processes.includes(name)) continue;
    if (env[base]) {
      problems.push(`${base} and ${key} are both set: give the secret one way`);
      continue;
    }
    let content: string;
    try {
      content = read(value).replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(`${key} names a file that cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}: ${value})`);
      continue;
    }
    if (!content) problems.push(`${key} names an empty file (${value})`);
    else resolved[base] = content;
  }
  if (problems.length) throw new EnvironmentError(problems);
  return resolved;
}

/** Checks the environment once at start; throws naming every variable that is wrong. */
export function checkEnvironment(name: ProcessName, env: NodeJS.ProcessEnv = process.env): void {
  const problems = environmentProblems(name, env);
  if (problems.length) throw new EnvironmentError(problems);
}

function nearestKnown(key: string): string | null {
  if (key.length < 8 || key !== key.toUpperCase()) return null;
  let best: string | null = null;
  let bestDistance = 3;
  for (const known of Object.keys(VARIABLES)) {
    const distance = editDistance(key, known);
    if (distance < bestDistance) {
      best = known;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The schema of one process's environment, composed from the table: its own variables, each optional. */
export function processSchema(name: ProcessName): TObject {
  const own = Object.entries(VARIABLES).filter(([, variable]) => variable.processes.includes(name));
  return Type.Object(Object.fromEntries(own.map(([key, variable]) => [key, Type.Optional(variable.schema)])));
}

/**
 * The environment of process `name`, read once: secrets given as files read (`NAME_FILE`), checked
 * (throws EnvironmentError naming every variable that is wrong), reduced to the process's own
 * variables that are set, and frozen.
 */
export function readEnvironment(name: ProcessName, given: NodeJS.ProcessEnv = process.env): Environment {
  const env = secretsFromFiles(name, given);
  checkEnvironment(name, env);
  const own = Object.entries(env).filter(([key, value]) => value !== undefined && value !== '' && TABLE[key]?.processes.includes(name));
  return Object.freeze(Value.Parse(processSchema(name), Object.fromEntries(own)) as Environment);
}

/**
 * The start of every process: reads its environment once (the only read of `process.env` a
 * process makes; the values go down from its entry point as settings), and turns a refusal (a bad
 * setting, a schema behind the code) into one line naming the problem and exit code 78
 * (EX_CONFIG), not a stack trace.
 */
export function startProcess(name: ProcessName): Environment {
  try {
    return readEnvironment(name);
  } catch (error) {
    return refuse(name, error);
  }
}

/** Settings read at start do not change while the process runs: frozen, nested objects too. */
export function frozen<T extends object>(value: T): Readonly<T> {
  for (const inner of Object.values(value)) {
    if (inner && typeof inner === 'object' && !Object.isFrozen(inner)) frozen(inner);
  }
  return Object.freeze(value);
}

/** Prints why the process cannot start and exits; other errors are rethrown. */
export function refuse(name: ProcessName, error: unknown): never {
  const refusal = error instanceof Error && ['EnvironmentError', 'ConfigError', 'SchemaBehind'].includes(error.name);
  if (!refusal) throw error;
  const problems = error instanceof EnvironmentError ? error.problems : [(error as Error).message];
  for (const problem of problems) console.error(`${name}: cannot start: ${problem}`);
  process.exit(78);
}
