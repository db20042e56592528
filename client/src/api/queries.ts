import type { RouteDef, RouteParams, RouteQuery, RouteReply } from '@odds/protocol';
import { keepPreviousData, onlineManager, QueryClient, useQuery, type QueryKey } from '@tanstack/react-query';
import { api, type ApiOptions } from './client';
import { ApiError } from './errors';
import { UNSETTLED_STATUSES } from './idempotency';

/**
 * The console's one cache of what it loads over REST (live state is Valtio's: live/). A read the
 * services could not answer (no reply, 502–504) is tried twice more, 2 s and 4 s apart (api()
 * reports each failure per SPEC §8; it retries only saves); nothing refetches on focus (a pushed change or a save says when data moved), and keep an answer
 * fresh for 30 s so two panels showing the same record share one request. Hooks pass it to
 * TanStack Query themselves (no provider to forget in a test or a second React root).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: retryRead,
      retryDelay: (attempt) => 1_000 * 2 ** attempt,
      refetchOnWindowFocus: false,
      // Only a query that asks (a wall's polls) reads again when the network comes back; and a read
      // asked offline fails at once (the console says it cannot reach the services) instead of waiting.
      refetchOnReconnect: false,
      networkMode: 'always',
      staleTime: 30_000,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});

// No provider mounts the client (hooks pass it), so it is mounted here: it then hears the browser,
// a retry paused in a hidden tab goes on when the tab shows again, and a query with
// refetchOnReconnect reads again when the network comes back (also on a page that opened offline).
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
queryClient.mount();

/** Reads the services may answer on a second try (no reply, 502–504) are asked twice more: a page is not left empty by one busy second. */
function retryRead(failures: number, error: unknown): boolean {
  return failures < 2 && error instanceof ApiError && UNSETTLED_STATUSES.includes(error.status);
}

/**
 * The key of a GET of one route of the protocol table: the route's path, then its parameters and
 * query. Every query of a route starts with `['api', path]`, so a save invalidates them together
 * (`invalidateRoute`), or only those of one set of parameters.
 */
export function apiKey<R extends RouteDef>(route: R, params?: RouteParams<R> | null, query?: Partial<RouteQuery<R>> | null): QueryKey {
  const key: unknown[] = ['api', route.path];
  if (params !== undefined) key.push(params ?? null);
  if (query !== undefined) key.push(query ?? null);
  return key;
}

export interface ApiQueryOptions {
  /** False holds the request (e.g. until a market is chosen). */
  enabled?: boolean;
  /** How long an answer is fresh; 30 s unless said. */
  staleTime?: number;
}

/**
 * One GET of the protocol table through the cache: `useApiQuery(routes.match, { params: { matchId } })`.
 * Deduped with every other component asking the same, aborted when no one needs it any more.
 */
export function useApiQuery<R extends RouteDef>(
  route: R,
  options: Omit<ApiOptions<R>, 'signal' | 'body'>,
  settings: ApiQueryOptions & { keepPrevious?: boolean; readAgain?: ReadAgain<RouteReply<R>> } = {},
) {
  const { params, query, ...flags } = options as ApiOptions<R>;
  const call = api as unknown as (route: R, options: ApiOptions<R>) => Promise<RouteReply<R>>;
  return useCached(
    apiKey(route, params ?? null, query ?? null),
    (signal) => call(route, { ...(flags as ApiOptions<R>), params, query, signal } as ApiOptions<R>),
    settings,
  );
}

/**
 * A read that is not one route's GET (several calls, a computed answer) through the same cache:
 * `key` names everything the answer depends on; `read` gets the signal that aborts it.
 */
/** How long until the answer is read again, from the answer in hand (false: not until stale and asked). */
type ReadAgain<T> = (data: T | undefined) => number | false;

export function useCached<T>(
  key: QueryKey,
  read: (signal: AbortSignal) => Promise<T>,
  settings: ApiQueryOptions & { keepPrevious?: boolean; readAgain?: ReadAgain<T> } = {},
) {
  const { readAgain } = settings;
  return useQuery<T, ApiError>(
    {
      queryKey: key,
      queryFn: ({ signal }) => read(signal),
      enabled: settings.enabled ?? true,
      ...(settings.staleTime === undefined ? {} : { staleTime: settings.staleTime }),
      ...(settings.keepPrevious ? { placeholderData: keepPreviousData } : {}),
      ...(readAgain ? { refetchInterval: (query: { state: { data: T | undefined } }) => readAgain(query.state.data) } : {}),
    },
    queryClient,
  );
}

/** Everything cached of a route (of one set of its parameters when given) is read again by those showing it. */
export function invalidateRoute<R extends RouteDef>(route: R, params?: RouteParams<R>): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: apiKey(route, params) });
}
