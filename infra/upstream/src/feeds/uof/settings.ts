/**
 * The UOF adapter's settings, all from the environment (docs/feeds-uof.md). The adapter runs when
 * UOF_AMQP_URL is set; UOF_TOKEN is the bookmaker's access token and never lives in the repository.
 */
export interface UofSettings {
  amqpUrl: string;
  /** The topic exchange UOF publishes to (UOF_EXCHANGE, default `unifiedfeed`). */
  exchange: string;
  /** Our queue (UOF_QUEUE); empty: a server-named exclusive queue, as UOF bookmakers use. */
  queue: string;
  /** Binding keys (UOF_BINDING_KEYS, comma-separated; default `#`: every message). The system keys are bound whatever these say. */
  bindingKeys: string[];
  /** Base of the UOF API for recoveries (UOF_API_URL, e.g. https://…/v1 is appended per call). */
  apiUrl: string | null;
  token: string | null;
  /** A producer is down after this long without `alive` (UOF_ALIVE_TIMEOUT_S, default 20). */
  aliveTimeoutS: number;
  /** A recovery from which no message came for this long is asked again (UOF_RECOVERY_TIMEOUT_S, default 300). */
  recoveryTimeoutS: number;
  /** At least this long between two recovery requests of one producer (UOF_RECOVERY_INTERVAL_S, default 30, never below 20). */
  recoveryIntervalS: number;
  /** A message body larger than this is dead-lettered unread (UOF_MAX_MESSAGE_BYTES, default 4 MiB). */
  maxMessageBytes: number;
  /** Attempts at a message that fails for a reason of its own before it is dead-lettered (UOF_MAX_ATTEMPTS, default 3). */
  maxAttempts: number;
  /** A producer whose messages arrive this far behind their timestamp is down (UOF_MAX_DELAY_S, default 20; 0: never). */
  maxDelayS: number;
}

/** The vendor SDKs never ask for recoveries closer together than this. */
const MIN_RECOVERY_INTERVAL_S = 20;

/** What a test or a tool that builds its own settings starts from (the documented defaults). */
export const UOF_DEFAULTS = {
  aliveTimeoutS: 20,
  recoveryTimeoutS: 300,
  recoveryIntervalS: 30,
  maxMessageBytes: 4 * 1024 * 1024,
  maxAttempts: 3,
  maxDelayS: 20,
} as const;

function bounded(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, unit: string): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be a whole number of ${unit} from ${min} to ${max}, got '${env[name]}'`);
  return value;
}

const seconds = (env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1) => bounded(env, name, fallback, min, 86_400, 'seconds');

/** The settings, or null when UOF_AMQP_URL is not set (no UOF feed). */
export function uofSettings(env: NodeJS.ProcessEnv): UofSettings | null {
  if (!env.UOF_AMQP_URL) return null;
  return {
    amqpUrl: env.UOF_AMQP_URL,
    exchange: env.UOF_EXCHANGE || 'unifiedfeed',
    queue: env.UOF_QUEUE || '',
    bindingKeys: (env.UOF_BINDING_KEYS || '#')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    apiUrl: env.UOF_API_URL || null,
    token: env.UOF_TOKEN || null,
    aliveTimeoutS: seconds(env, 'UOF_ALIVE_TIMEOUT_S', UOF_DEFAULTS.aliveTimeoutS),
    recoveryTimeoutS: seconds(env, 'UOF_RECOVERY_TIMEOUT_S', UOF_DEFAULTS.recoveryTimeoutS),
    recoveryIntervalS: seconds(env, 'UOF_RECOVERY_INTERVAL_S', UOF_DEFAULTS.recoveryIntervalS, MIN_RECOVERY_INTERVAL_S),
    maxMessageBytes: bounded(env, 'UOF_MAX_MESSAGE_BYTES', UOF_DEFAULTS.maxMessageBytes, 1024, 128 * 1024 * 1024, 'bytes'),
    maxAttempts: bounded(env, 'UOF_MAX_ATTEMPTS', UOF_DEFAULTS.maxAttempts, 1, 100, 'attempts'),
    maxDelayS: seconds(env, 'UOF_MAX_DELAY_S', UOF_DEFAULTS.maxDelayS, 0),
  };
}
