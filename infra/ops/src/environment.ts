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
const v = (processes: ProcessName[], form: { schema: TSchema; form: string }): Variable => ({ processes, schema: form.schema, form: form.form });

export const VARIABLES = {
  NODE_ENV: v(ALL, oneOf('production', 'development', 'test')),
  // The API and the operator command make set-password links under http://localhost:$PORT without PUBLIC_URL.
  PORT: v(['relay', 'start', 'operator', 'api', 'cluster'], port),
  HOST: v(['relay'], text),
  DATABASE_URL: v([...DB, 'cluster'], url(['postgres', 'postgresql'])),
  ALLOW_EMBEDDED_DB: v(DB, oneOf('1', '0')),
  PGLITE_DIR: v(DB, text),
  SEED_DEMO: v(UP, onOff),
  PUBLIC_URL: v(['operator', 'api'], url(['http', 'https'])),
  UPSTREAM_URL: v(['relay', 'start', TOOLS], url(['http', 'https'])),
  UPSTREAM_PORT: v(['api', 'start', 'cluster', TOOLS], port),
  UPSTREAM_HOST: v(['api'], text),
  CLIENT_DIR: v(['relay'], text),
  DEMO_EMAIL: v([...UP, TOOLS], text),
  DEMO_PASSWORD: v([...UP, TOOLS], text),
  OPS_EMAIL: v(UP, text),
  OPS_PASSWORD: v(UP, text),
  TOKEN_TTL_HOURS: v(['api'], { schema: Type.String({ pattern: '^\\d+(\\.\\d+)?$' }), form: 'a positive number of hours' }),
  LOG_LEVEL: v(ALL, oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent')),
  LOG_FORMAT: v(ALL, oneOf('pretty', 'json')),
  // The common convention (no-color.org): any value turns colours off in pretty logs.
  NO_COLOR: v(ALL, anyText),
  API_DOCS: v(['relay'], oneOf('login', 'public')),
  REDIS_URL: v(['relay', 'api', 'worker', 'operator', 'start', 'cluster'], url(['redis', 'rediss'])),
  REDIS_PREFIX: v(['relay', 'api', 'worker', 'operator'], anyText),
  POLL_INTERVAL_MS: v(['relay'], whole(50)),
  CHANGE_STREAM: v(['relay'], onOff),
  SAFETY_POLL_MS: v(['relay'], whole(100)),
  CROSS_MATCH_WINDOW_MS: v(['relay'], whole()),
  CARRIED_OFFERS: v(['relay'], onOff),
  RELAY_EMAIL: v(['relay'], text),
  RELAY_PASSWORD: v(['relay'], text),
  WATCH_GRACE_MS: v(['relay'], whole()),
  LIVE_RETAIN_MS: v(['relay'], whole(1000)),
  LEASE_TTL_MS: v(['relay'], whole(500)),
  METRICS_TOKEN: v(['relay', 'api', 'worker'], text),
  TRUST_PROXY: v(['relay'], text),
  RELAY_BODY_LIMIT: v(['relay'], whole(1024)),
  RELAY_UPLOAD_LIMIT: v(['relay'], whole(1024)),
  RELAY_MAX_SOCKETS_PER_ADDRESS: v(['relay'], whole(1)),
  RELAY_MAX_SOCKETS_PER_TOKEN: v(['relay'], whole(1)),
  RELAY_HANDSHAKES_PER_SECOND: v(['relay'], whole(1)),
  UPSTREAM_TIMEOUT_MS: v(['relay'], whole(100)),
  UPSTREAM_SLOW_TIMEOUT_MS: v(['relay'], whole(100)),
  SMTP_URL: v(['api', 'worker'], url(['smtp', 'smtps'])),
  SMTP_FROM: v(['api', 'worker'], text),
  DEMO_FEED: v(['start'], onOff),
  DEMO_FEED_SPEED: v(['start'], { schema: Type.String({ pattern: '^\\d+(\\.\\d+)?$' }), form: 'a positive number' }),
  AMQP_URL: v(['api', 'worker', 'start', 'cluster'], url(['amqp', 'amqps'])),
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
  UOF_AMQP_URL: v(['api', 'start', TOOLS], url(['amqp', 'amqps'])),
  UOF_EXCHANGE: v(['api', 'start', TOOLS], text),
  UOF_QUEUE: v(['api', 'start'], text),
  UOF_BINDING_KEYS: v(['api', 'start'], text),
  UOF_API_URL: v(['api', 'start'], url(['http', 'https'])),
  UOF_TOKEN: v(['api', 'start'], text),
  UOF_ALIVE_TIMEOUT_S: v(['api', 'start'], whole(1)),
  UOF_RECOVERY_TIMEOUT_S: v(['api', 'start'], whole(1)),
  FEED_STALL_S: v(['api', 'start'], whole(1)),
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
    const known = TABLE[key];
    if (known) {
      // An empty value means "unset" for our variables, as the readers treat it.
      if (value === '' || !known.processes.includes(name)) continue;
      const min = /at least (\d+)/.exec(known.form)?.[1];
      if (!Value.Check(known.schema, value) || (min !== undefined && Number(value) < Number(min))) {
        problems.push(`${key} must be ${known.form}, got '${value}'`);
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
 * The environment of process `name`, read once: checked (throws EnvironmentError naming every
 * variable that is wrong), reduced to the process's own variables that are set, and frozen.
 */
export function readEnvironment(name: ProcessName, env: NodeJS.ProcessEnv = process.env): Environment {
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
