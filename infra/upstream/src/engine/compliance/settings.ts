import { hashKeyOf } from './hash';

/**
 * The compliance settings of a process (docs/configuration.md), read once at start: the key of
 * the suppression list's hashes, the key that seals the blocks source's secret (the channels'),
 * the blocks source's timeout and cache, and whether this is production (a provider with no
 * compliance record then requires consent).
 */
export interface ComplianceSettings {
  /** Base64 (settings are frozen: no buffers). */
  hashKey: string | null;
  secretsKey: string | null;
  production: boolean;
  blocksTimeoutMs: number;
  blocksCacheMs: number;
}

type Env = Readonly<Record<string, string | undefined>>;

const positive = (env: Env, name: string, fallback: number) => {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number of milliseconds, got '${text}'`);
  return value;
};

export function complianceSettingsFrom(env: Env, secretsKey: string | null, production: boolean): ComplianceSettings {
  return {
    hashKey: hashKeyOf(env.COMPLIANCE_HASH_KEY, secretsKey),
    secretsKey,
    production,
    blocksTimeoutMs: positive(env, 'COMPLIANCE_BLOCKS_TIMEOUT_MS', 2_000),
    blocksCacheMs: positive(env, 'COMPLIANCE_BLOCKS_CACHE_MS', 60_000),
  };
}
