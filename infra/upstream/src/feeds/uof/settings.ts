import { VARIABLES, type Environment } from '@odds/ops';

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

/** What a test or a tool that builds its own settings starts from: the table's defaults (@odds/ops variables.ts). */
export const UOF_DEFAULTS = {
  aliveTimeoutS: VARIABLES.UOF_ALIVE_TIMEOUT_S.unset,
  recoveryTimeoutS: VARIABLES.UOF_RECOVERY_TIMEOUT_S.unset,
  recoveryIntervalS: VARIABLES.UOF_RECOVERY_INTERVAL_S.unset,
  maxMessageBytes: VARIABLES.UOF_MAX_MESSAGE_BYTES.unset,
  maxAttempts: VARIABLES.UOF_MAX_ATTEMPTS.unset,
  maxDelayS: VARIABLES.UOF_MAX_DELAY_S.unset,
} as const;

type UofEnvironment = Pick<
  Environment<'api'>,
  | 'UOF_AMQP_URL'
  | 'UOF_EXCHANGE'
  | 'UOF_QUEUE'
  | 'UOF_BINDING_KEYS'
  | 'UOF_API_URL'
  | 'UOF_TOKEN'
  | 'UOF_ALIVE_TIMEOUT_S'
  | 'UOF_RECOVERY_TIMEOUT_S'
  | 'UOF_RECOVERY_INTERVAL_S'
  | 'UOF_MAX_MESSAGE_BYTES'
  | 'UOF_MAX_ATTEMPTS'
  | 'UOF_MAX_DELAY_S'
>;

/** The settings, or null when UOF_AMQP_URL is not set (no UOF feed). */
export function uofSettings(env: UofEnvironment): UofSettings | null {
  if (!env.UOF_AMQP_URL) return null;
  return {
    amqpUrl: env.UOF_AMQP_URL,
    exchange: env.UOF_EXCHANGE,
    queue: env.UOF_QUEUE ?? '',
    bindingKeys: env.UOF_BINDING_KEYS.split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    apiUrl: env.UOF_API_URL ?? null,
    token: env.UOF_TOKEN ?? null,
    aliveTimeoutS: env.UOF_ALIVE_TIMEOUT_S,
    recoveryTimeoutS: env.UOF_RECOVERY_TIMEOUT_S,
    recoveryIntervalS: env.UOF_RECOVERY_INTERVAL_S,
    maxMessageBytes: env.UOF_MAX_MESSAGE_BYTES,
    maxAttempts: env.UOF_MAX_ATTEMPTS,
    maxDelayS: env.UOF_MAX_DELAY_S,
  };
}
