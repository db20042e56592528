import { DEFAULT_PROVIDER_ID, DEFAULT_SPORT_ID, routes, type Provider, type Sport } from '@odds/protocol';
import { proxy } from 'valtio';
import { api } from '../api/client';
import { readId, writeString } from '../lib/storage';

const PROVIDER_KEY = 'provider';
const SPORT_KEY = 'sport';

export type LoadStatus = 'loading' | 'ready' | 'failed';

/**
 * The provider and sport every provider-scoped call works in (SPEC §1 and §4): persisted in
 * localStorage, 1 and 1 by default. Lists that depend on them re-fetch when they change.
 */
export const contextStore = proxy({
  providerId: readId(PROVIDER_KEY, DEFAULT_PROVIDER_ID),
  sportId: readId(SPORT_KEY, DEFAULT_SPORT_ID),
  providers: [] as Provider[],
  sports: [] as Sport[],
  status: 'loading' as LoadStatus,
});

/** Loads the providers and sports the selectors offer; the shell waits for it (SPEC §2). */
export async function loadContext(): Promise<void> {
  contextStore.status = 'loading';
  try {
    const [providers, sports] = await Promise.all([api(routes.providers, { query: { active_only: false } }), api(routes.sports)]);
    contextStore.providers = providers.results;
    contextStore.sports = sports.results;
    contextStore.status = 'ready';
  } catch {
    // The API client has already shown why; the shell offers to try again.
    contextStore.status = 'failed';
  }
}

let reloading: Promise<void> | null = null;

/**
 * Reads the providers again (one was switched on or off on another console): the selectors and
 * match headers show the new state. Calls made while one is under way share it.
 */
export function reloadProviders(): Promise<void> {
  reloading ??= api(routes.providers, { query: { active_only: false }, silent: true })
    .then(
      (reply) => {
        contextStore.providers = reply.results;
      },
      () => undefined,
    )
    .finally(() => (reloading = null));
  return reloading;
}

/**
 * The sports a provider carries, in the order of the sports list: the Sport selector offers only
 * these. A provider the list does not know (still loading) or that lists none leaves every sport.
 */
interface CarriesSports {
  readonly id: number;
  readonly sports: readonly { readonly id: number }[];
}

export function sportsOf<S extends { readonly id: number }>(providers: readonly CarriesSports[], sports: readonly S[], providerId: number): S[] {
  const carried = new Set(findById(providers, providerId)?.sports.map((sport) => sport.id) ?? []);
  return carried.size === 0 ? [...sports] : sports.filter((sport) => carried.has(sport.id));
}

/** Chooses a provider; when it does not carry the chosen sport, its first sport is chosen with it. */
export function selectProvider(id: number): void {
  contextStore.providerId = id;
  writeString(PROVIDER_KEY, String(id));
  const offered = sportsOf(contextStore.providers, contextStore.sports, id);
  if (offered.length > 0 && !offered.some((sport) => sport.id === contextStore.sportId)) selectSport(offered[0]!.id);
}

export function selectSport(id: number): void {
  contextStore.sportId = id;
  writeString(SPORT_KEY, String(id));
}

/** The entry with this id; generic so it takes valtio's read-only snapshots as well. */
export function findById<T extends { readonly id: number }>(list: readonly T[], id: number): T | undefined {
  return list.find((entry) => entry.id === id);
}
