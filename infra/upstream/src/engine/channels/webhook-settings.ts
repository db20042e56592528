import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Environment } from '@odds/ops';
import { parseAllowHosts, systemResolver, type DestinationPolicy } from './destination';

/**
 * The webhook channel's settings (docs/configuration.md, docs/channels.md "Webhooks"): where
 * webhooks may go (WEBHOOK_ALLOW_HOSTS), the key their signing secrets are stored under
 * (WEBHOOK_SECRETS_KEY), whether recorded pushes get simulated figures (the embedded demo only),
 * and the base of tracked links (PUBLIC_URL).
 */

/** Where the key of the signing secrets comes from. */
type SecretsKeySource =
  /** WEBHOOK_SECRETS_KEY, base64 or hex of 32 bytes. */
  | { kind: 'setting'; key: string }
  /** The embedded demo without the setting: made once and kept beside the PGlite data. */
  | { kind: 'file'; path: string }
  /** A throwaway database (memory://): a key for this process only. */
  | { kind: 'process' }
  /**
   * Postgres outside production without the setting (development, tests, `npm run cluster`): a key
   * derived from DATABASE_URL, so every process of that deployment reads what another stored.
   * Not a secret from anyone who knows the URL: production never uses it.
   */
  | { kind: 'derived'; from: string }
  /** Production without the setting: webhooks cannot be signed, so they fail with that reason. */
  | { kind: 'none' };

/** The settings as read from the environment (plain data: config objects are frozen). */
export interface WebhookConfig {
  allowHosts: string;
  key: SecretsKeySource;
  simulatedStats: boolean;
  trackBase: string | null;
}

/** The settings as the engine and the routes use them. */
export interface WebhookSettings {
  policy: DestinationPolicy;
  /** AES-256 key of the stored signing secrets; null: none configured (production without WEBHOOK_SECRETS_KEY). */
  secretsKey: Buffer | null;
  /** Recorded pushes get the sandbox model's figures, labelled `simulated` (the embedded demo only). */
  simulatedStats: boolean;
  /** Base of tracked links (`{base}/t/{id}`); null: calls to action are sent as written. */
  trackBase: string | null;
  /** Where a receiver's report that was ignored is told (the process's log). */
  warn?: (fields: Record<string, unknown>, message: string) => void;
}

function keyBytes(text: string): Buffer {
  const trimmed = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (bytes.length !== 32) throw new Error('WEBHOOK_SECRETS_KEY must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)');
  return bytes;
}

/** The process's settings, read once at start (config.ts). `shape` says what kind of deployment this is. */
export function webhookConfig(
  env: Partial<Pick<Environment, 'WEBHOOK_ALLOW_HOSTS' | 'WEBHOOK_SECRETS_KEY'>>,
  shape: { production: boolean; databaseUrl: string; broker: boolean; seedDemo: boolean; trackBase: string | null },
): WebhookConfig {
  const allowHosts = env.WEBHOOK_ALLOW_HOSTS ?? '';
  parseAllowHosts(allowHosts);
  const postgres = /^postgres(ql)?:\/\//.test(shape.databaseUrl);
  let key: SecretsKeySource;
  if (env.WEBHOOK_SECRETS_KEY) {
    keyBytes(env.WEBHOOK_SECRETS_KEY);
    key = { kind: 'setting', key: env.WEBHOOK_SECRETS_KEY };
  } else if (shape.production) key = { kind: 'none' };
  else if (postgres) key = { kind: 'derived', from: shape.databaseUrl };
  else if (shape.databaseUrl.startsWith('memory://')) key = { kind: 'process' };
  else key = { kind: 'file', path: `${shape.databaseUrl.replace(/\/+$/, '')}.webhook-secrets.key` };
  return {
    allowHosts,
    key,
    // Invented figures only where nobody can mistake them for a provider's: the embedded demo.
    simulatedStats: !shape.production && !postgres && !shape.broker && shape.seedDemo,
    trackBase: shape.trackBase,
  };
}

/** One key per process for throwaway databases: every engine of the process reads what another stored. */
const PROCESS_KEY = randomBytes(32);

function resolveKey(source: SecretsKeySource): Buffer | null {
  if (source.kind === 'setting') return keyBytes(source.key);
  if (source.kind === 'none') return null;
  if (source.kind === 'process') return PROCESS_KEY;
  if (source.kind === 'derived') return createHash('sha256').update(`odds-console development webhook key\n${source.from}`).digest();
  if (existsSync(source.path)) return keyBytes(readFileSync(source.path, 'utf8'));
  mkdirSync(dirname(source.path), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(source.path, `${key.toString('base64')}\n`, { mode: 0o600 });
  return key;
}

/** The settings of a process from its configuration (makes the demo's key file on first start). */
export function webhookSettings(config: WebhookConfig, warn?: WebhookSettings['warn']): WebhookSettings {
  return {
    policy: { allow: parseAllowHosts(config.allowHosts), resolve: systemResolver },
    secretsKey: resolveKey(config.key),
    simulatedStats: config.simulatedStats,
    trackBase: config.trackBase,
    ...(warn && { warn }),
  };
}

/**
 * The settings of an engine built without any (tests, tools): the strict destination policy, this
 * process's key, no simulated figures, no tracked links. Tests with loopback receivers give
 * `allowHosts` (as WEBHOOK_ALLOW_HOSTS would).
 */
export function defaultWebhookSettings(overrides: Partial<WebhookConfig> = {}): WebhookSettings {
  return webhookSettings({ allowHosts: '', key: { kind: 'process' }, simulatedStats: false, trackBase: null, ...overrides });
}
