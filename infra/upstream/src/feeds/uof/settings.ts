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
  /** Binding keys (UOF_BINDING_KEYS, comma-separated; default `#`: every message). */
  bindingKeys: string[];
  /** Base of the UOF API for recoveries (UOF_API_URL, e.g. https://…/v1 is appended per call). */
  apiUrl: string | null;
  token: string | null;
  /** A producer is down after this long without `alive` (UOF_ALIVE_TIMEOUT_S, default 20). */
  aliveTimeoutS: number;
  /** A recovery without its snapshot_complete after this long is asked again (UOF_RECOVERY_TIMEOUT_S, default 300). */
  recoveryTimeoutS: number;
}

function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0 || value > 86_400)
    throw new Error(`${name} must be a number of seconds above 0 and up to 86400, got '${env[name]}'`);
  return value;
}

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
    aliveTimeoutS: seconds(env, 'UOF_ALIVE_TIMEOUT_S', 20),
    recoveryTimeoutS: seconds(env, 'UOF_RECOVERY_TIMEOUT_S', 300),
  };
}
