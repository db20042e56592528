import { readFileSync } from 'node:fs';
import { VARIABLES, type Environment } from '@odds/ops';
import { VENDORS } from './registry';
import { complianceSettingsFrom, type ComplianceEnvironment, type ComplianceSettings } from '../compliance/settings';
import { embeddedSecretsKey, parseSecretsKey } from './secrets';

/**
 * The channel settings of a process, read once at start (docs/configuration.md): each vendor's
 * API base URL (and token URL, extra CA), its pace, how long a message is worth sending, and the
 * key that seals the secrets. Frozen with the rest of the configuration.
 */
export interface ChannelSettings {
  urls: Record<string, string>;
  tokenUrls: Record<string, string>;
  /** Extra CA certificates (PEM) per vendor, from its CA file setting. */
  cas: Record<string, string>;
  /** Messages per second per app, bot or number. */
  rates: Record<string, number>;
  /** A message not sent within this long after its offer was decided is not sent (CHANNEL_MESSAGE_TTL). */
  messageTtlMs: number;
  /** The AES-256 key, base64; null: none configured (production without CHANNEL_SECRETS_KEY): no channel can be saved or opened. */
  secretsKey: string | null;
  /**
   * The embedded demo (PGlite, not production): a push contact whose channel is not configured
   * is RECORDED with simulated figures (push-report.ts) instead of suppressed, as the demo always
   * showed them. Never in production or on Postgres.
   */
  simulateUnconfigured: boolean;
  /** The compliance checks' keys, blocks source timeout and cache (compliance/settings.ts): they share the secrets key. */
  compliance: ComplianceSettings;
}

/** The process's channel settings as read at start; a test gives only those it changes, and the table's defaults apply. */
export type ChannelEnvironment = Partial<
  Pick<
    Environment,
    | 'TELEGRAM_API_URL'
    | 'WHATSAPP_API_URL'
    | 'X_API_URL'
    | 'FCM_API_URL'
    | 'FCM_TOKEN_URL'
    | 'APNS_API_URL'
    | 'APNS_CA_FILE'
    | 'CHANNEL_SECRETS_KEY'
    | 'CHANNEL_RATES'
    | 'CHANNEL_MESSAGE_TTL'
  >
> &
  ComplianceEnvironment;

/** CHANNEL_RATES: `vendor=messages per second`, comma-separated (`fcm=500,telegram=30`). */
function ratesFrom(text: string | undefined): Record<string, number> {
  const rates = Object.fromEntries(Object.entries(VENDORS).map(([vendor, e]) => [vendor, e.rate]));
  for (const part of (text ?? '').split(',').filter((p) => p.trim())) {
    const [vendor, value] = part.split('=').map((s) => s.trim());
    const rate = Number(value);
    if (!vendor || !VENDORS[vendor] || !Number.isFinite(rate) || rate <= 0)
      throw new Error(`CHANNEL_RATES: '${part}' is not vendor=messages per second for a known vendor (${Object.keys(VENDORS).join(', ')})`);
    rates[vendor] = rate;
  }
  return rates;
}

export function channelSettingsFrom(env: ChannelEnvironment, database: { production: boolean; databaseUrl: string } | null = null): ChannelSettings {
  // The registry names each vendor's URL and CA file settings (text, all of them).
  const setting = (name: string) => (env as Readonly<Record<string, unknown>>)[name] as string | undefined;
  const urls: Record<string, string> = {};
  const tokenUrls: Record<string, string> = {};
  const cas: Record<string, string> = {};
  for (const [vendor, e] of Object.entries(VENDORS)) {
    urls[vendor] = setting(e.baseUrl.setting) || e.baseUrl.default;
    if (e.tokenUrl) tokenUrls[vendor] = setting(e.tokenUrl.setting) || e.tokenUrl.default;
    const caFile = e.caFileSetting && setting(e.caFileSetting);
    if (caFile) {
      try {
        cas[vendor] = readFileSync(caFile, 'utf8');
      } catch {
        throw new Error(`${e.caFileSetting}: cannot read '${caFile}'`);
      }
    }
  }
  const embedded = database !== null && !/^postgres(ql)?:\/\//.test(database.databaseUrl);
  const demo = embedded && !database.production;
  const key = env.CHANNEL_SECRETS_KEY ? parseSecretsKey(env.CHANNEL_SECRETS_KEY) : demo ? embeddedSecretsKey(database.databaseUrl) : null;
  return {
    urls,
    tokenUrls,
    cas,
    rates: ratesFrom(env.CHANNEL_RATES),
    messageTtlMs: env.CHANNEL_MESSAGE_TTL ?? VARIABLES.CHANNEL_MESSAGE_TTL.unset,
    secretsKey: key ? key.toString('base64') : null,
    simulateUnconfigured: demo,
    compliance: complianceSettingsFrom(env, key ? key.toString('base64') : null, database?.production ?? false),
  };
}

let fallback: ChannelSettings | null = null;

/**
 * The channel settings of an app built without any (a test's): the real vendors' hosts and one
 * throwaway secrets key for the whole process, so the credentials routes and the WhatsApp webhook
 * open what the other saved.
 */
export function fallbackChannelSettings(): ChannelSettings {
  fallback ??= channelSettingsFrom({}, { production: false, databaseUrl: 'memory://' });
  return fallback;
}
