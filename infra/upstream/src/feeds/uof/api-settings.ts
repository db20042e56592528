import type { Environment } from '@odds/ops';
import { uofApiCall } from './api-client';
import { MarketDescriptions } from './market-descriptions';

/**
 * The UOF API the API process reads apart from the feed (UOF_API_URL, UOF_TOKEN): the market
 * descriptions the mapping screen names markets with, even in a process without UOF_AMQP_URL.
 */
export interface UofApiSettings {
  apiUrl: string;
  token: string | null;
  /** How long the market descriptions stay cached (UOF_DESCRIPTIONS_TTL_S, default 3600). */
  descriptionsTtlS: number;
}

/** The settings, or null without UOF_API_URL (the mapping screen then works with ids only). */
export function uofApiSettings(env: Pick<Environment, 'UOF_API_URL' | 'UOF_TOKEN' | 'UOF_DESCRIPTIONS_TTL_S'>): UofApiSettings | null {
  if (!env.UOF_API_URL) return null;
  return { apiUrl: env.UOF_API_URL, token: env.UOF_TOKEN ?? null, descriptionsTtlS: env.UOF_DESCRIPTIONS_TTL_S };
}

/** The process's one cache of the vendor's market descriptions (English names, as the vendor's `en`). */
export function marketDescriptionsFor(settings: UofApiSettings, fetchImpl: typeof fetch = fetch): MarketDescriptions {
  return new MarketDescriptions(uofApiCall(settings.apiUrl, settings.token, fetchImpl), { language: 'en', ttlMs: settings.descriptionsTtlS * 1000 });
}
