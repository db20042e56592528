import { VARIABLES, type Environment } from '@odds/ops';
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

/** The process's compliance settings as read at start; an engine or test built without them gives none, and the table's defaults apply. */
export type ComplianceEnvironment = Partial<Pick<Environment, 'COMPLIANCE_HASH_KEY' | 'COMPLIANCE_BLOCKS_TIMEOUT_MS' | 'COMPLIANCE_BLOCKS_CACHE_MS'>>;

export function complianceSettingsFrom(env: ComplianceEnvironment, secretsKey: string | null, production: boolean): ComplianceSettings {
  return {
    hashKey: hashKeyOf(env.COMPLIANCE_HASH_KEY, secretsKey),
    secretsKey,
    production,
    blocksTimeoutMs: env.COMPLIANCE_BLOCKS_TIMEOUT_MS ?? VARIABLES.COMPLIANCE_BLOCKS_TIMEOUT_MS.unset,
    blocksCacheMs: env.COMPLIANCE_BLOCKS_CACHE_MS ?? VARIABLES.COMPLIANCE_BLOCKS_CACHE_MS.unset,
  };
}
