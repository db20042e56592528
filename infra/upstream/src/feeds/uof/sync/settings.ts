import type { Environment } from '@odds/ops';
import { ENDPOINTS, type Endpoint } from './api';

/**
 * The catalog sync's settings (docs/catalog.md, docs/configuration.md). The sync runs in every API
 * process with UOF_API_URL unless UOF_SYNC=off; one of them at a time holds each provider (a lease).
 */
export interface SyncSettings {
  apiUrl: string;
  token: string | null;
  /** Days of the vendor's schedule read from the first day on (UOF_SYNC_HORIZON_DAYS, default 7). */
  horizonDays: number;
  /** The first day of the horizon (UOF_SYNC_START_DATE, YYYY-MM-DD); null: today (UTC). Staging against the stand-in's 2022 cups sets it. */
  startDate: string | null;
  /** How often the horizon is read (UOF_SYNC_SCHEDULE_EVERY_S, default 86400: daily). */
  scheduleEveryS: number;
  /** How often the live schedule is read (UOF_SYNC_LIVE_EVERY_S, default 300). */
  liveEveryS: number;
  /** Requests per minute per endpoint (UOF_SYNC_RATES). */
  ratesPerMinute: Record<Endpoint, number>;
  /** How long a worker holds a provider without renewing (UOF_SYNC_LEASE_S, default 60). */
  leaseS: number;
}

/**
 * Below the vendor's: its non-recovery limits are per contract and "set high" (its docs name 600 an
 * hour for the market list); a schedule a second and a fixture a second leave room for the feed's
 * own calls (recoveries, fixtures of unlinked events).
 */
export const DEFAULT_RATES: Record<Endpoint, number> = { schedule: 30, live: 6, fixture: 60, tournament: 30 };

/** `schedule=30,live=6`: requests per minute per endpoint; the endpoints not named keep their default. */
export function parseRates(text: string | undefined): Record<Endpoint, number> {
  const rates = { ...DEFAULT_RATES };
  for (const part of (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, value] = part.split('=').map((p) => p.trim()) as [string, string | undefined];
    if (!(ENDPOINTS as readonly string[]).includes(name)) throw new Error(`UOF_SYNC_RATES: '${name}' is not one of ${ENDPOINTS.join(', ')}`);
    const rate = Number(value);
    if (!Number.isFinite(rate) || rate <= 0 || rate > 6000)
      throw new Error(`UOF_SYNC_RATES: ${name} must be requests per minute above 0 (up to 6000), got '${value ?? ''}'`);
    rates[name as Endpoint] = rate;
  }
  return rates;
}

/** The settings, or null when this process does not sync (no UOF_API_URL, or UOF_SYNC=off). */
type SyncEnvironment = Pick<
  Environment,
  | 'UOF_API_URL'
  | 'UOF_TOKEN'
  | 'UOF_SYNC'
  | 'UOF_SYNC_HORIZON_DAYS'
  | 'UOF_SYNC_START_DATE'
  | 'UOF_SYNC_SCHEDULE_EVERY_S'
  | 'UOF_SYNC_LIVE_EVERY_S'
  | 'UOF_SYNC_RATES'
  | 'UOF_SYNC_LEASE_S'
>;

export function syncSettings(env: SyncEnvironment): SyncSettings | null {
  if (!env.UOF_API_URL || !env.UOF_SYNC) return null;
  return {
    apiUrl: env.UOF_API_URL,
    token: env.UOF_TOKEN ?? null,
    horizonDays: env.UOF_SYNC_HORIZON_DAYS,
    startDate: env.UOF_SYNC_START_DATE ?? null,
    scheduleEveryS: env.UOF_SYNC_SCHEDULE_EVERY_S,
    liveEveryS: env.UOF_SYNC_LIVE_EVERY_S,
    ratesPerMinute: parseRates(env.UOF_SYNC_RATES),
    leaseS: env.UOF_SYNC_LEASE_S,
  };
}
