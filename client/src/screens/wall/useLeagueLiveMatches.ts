import { routes } from '@odds/protocol';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { apiKey, queryClient } from '../../api/queries';
import { MAX_WALL_MATCHES } from './wallParams';

/** A followed league's list of live matches is read again this often (kick-offs come on the hour). */
const REFRESH_MS = 30_000;
/** After a failed read: this, doubling up to REFRESH_MS. */
const RETRY_MS = 2_000;

const LIVE = { timeframe: 'LIVE', order_by: 'start', limit: MAX_WALL_MATCHES } as const;
const NONE: number[] = [];

/** A refusal (the display revoked, the league gone) is not cured by asking sooner: the next poll asks again. */
const refused = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * The live matches of a league, for a wall that follows it, through the query cache: read now,
 * every 30 s after the last answer, when the network comes back, and after a failed read (a busy
 * or restarting back office) again 2, 4, 8, 16 s later and then every 30 s until it answers, so
 * panels appear as matches kick off and go when they leave the live window. The ids keep their
 * identity while the list does not change.
 */
export function useLeagueLiveMatches(leagueId: number | null): number[] {
  const params = { leagueId: leagueId ?? 0 };
  const { data } = useQuery(
    {
      queryKey: apiKey(routes.leagueMatches, params, LIVE),
      queryFn: ({ signal }) => api(routes.leagueMatches, { params, query: LIVE, signal, silent: true }),
      select: (list) => list.results.map((match) => match.id),
      enabled: leagueId !== null,
      staleTime: 0,
      refetchInterval: REFRESH_MS,
      // A wall runs unattended: it keeps reading whether or not its tab has the focus.
      refetchIntervalInBackground: true,
      refetchOnReconnect: 'always',
      retry: (_failures, error) => !refused(error),
      retryDelay: (attempt) => Math.min(REFRESH_MS, RETRY_MS * 2 ** attempt),
    },
    queryClient,
  );
  return data ?? NONE;
}
