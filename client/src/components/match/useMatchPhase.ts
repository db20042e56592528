import { routes, type Match, type MatchFeedEvent, type MatchLiveState } from '@odds/protocol';
import { type Query, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { apiKey, queryClient } from '../../api/queries';
import { matchPhase, type MatchPhase } from './matchPhase';

/** A panel re-reads its match's state at most this often while offers stream in (and this long after a failed read)… */
const AFTER_CHANGE_MS = 5_000;
/** …and at least this often when nothing streams (half-time, full-time, a fixture to come)… */
const QUIET_MS = 60_000;
/** …or, in play, this often: extra time's goals come with no offer to announce them. */
const LIVE_QUIET_MS = 10_000;

const isPeriodEvent = (event: MatchFeedEvent) => event.kind === 'period_start' || event.kind === 'period_end';

/** What one read holds: the live state, the last period event, and the feed version it was asked at. */
interface PhaseRead {
  live: MatchLiveState;
  period: MatchFeedEvent | null;
  version: number;
}

/** A refusal (the match gone, the display revoked) is not cured by asking sooner: the next quiet read asks again. */
const refused = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * When the next read is due: offers pushed since the last read (the live feed version moved) make it due
 * 5 s after that read or failure; otherwise after the quiet interval. A read under way (or retrying
 * a failure, 5 s apart) sets the next when it ends.
 */
function nextRead(query: Query<PhaseRead, ApiError>, version: number): number {
  const { data, fetchStatus, dataUpdatedAt, errorUpdatedAt } = query.state;
  const quiet = data?.live.status === 'LIVE' ? LIVE_QUIET_MS : QUIET_MS;
  if (fetchStatus !== 'idle' || !data || data.version === version) return quiet;
  return Math.max(1, Math.max(dataUpdatedAt, errorUpdatedAt) + AFTER_CHANGE_MS - Date.now());
}

/**
 * The match's phase for a wall panel and the match header: its live state and last period event,
 * read through the query cache (every panel and header of the match share one read), again when
 * the match's offers change (at most every 5 s), every 10 s in play and once a minute otherwise;
 * a failed read is tried again 5 s later.
 */
export function useMatchPhase(matchId: number, match: Match | null, version: number, latestClock: number | null): MatchPhase {
  const read = useQuery<PhaseRead, ApiError, PhaseRead>(
    {
      queryKey: [...apiKey(routes.matchLiveState, { matchId }), 'phase'],
      queryFn: async ({ signal }) => {
        const asked = version;
        const [live, events] = await Promise.all([
          api(routes.matchLiveState, { params: { matchId }, signal, silent: true }),
          api(routes.matchFeedEvents, { params: { matchId }, query: { limit: 1000 }, signal, silent: true }),
        ]);
        return { live, period: events.results.filter(isPeriodEvent).at(-1) ?? null, version: asked };
      },
      enabled: Number.isInteger(matchId) && matchId > 0,
      staleTime: AFTER_CHANGE_MS,
      refetchInterval: (query) => nextRead(query, version),
      // A wall runs unattended: it keeps reading whether or not its tab has the focus.
      refetchIntervalInBackground: true,
      refetchOnReconnect: 'always',
      retry: (_failures, error) => !refused(error),
      retryDelay: AFTER_CHANGE_MS,
    },
    queryClient,
  );
  const { data } = read;
  // Each read renders again (also one that changed nothing): a result is shown once its match has started.
  const now = Math.max(Date.now(), read.dataUpdatedAt);
  return matchPhase({ match, live: data?.live ?? null, lastPeriodEvent: data?.period ?? null, latestClock, now });
}
