import { routes } from '@odds/protocol';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../api/client';
import { apiKey, queryClient } from '../../../api/queries';
import type { GoalMark } from '../../../components/chart/chartData';

/** In play, extra time's goals come with no offer to announce them (markets settle at full time): read again this often. */
const READ_MS = 15_000;

/**
 * The match's goals as its feed gave them (GET /match/{id}/feed/events, kind goal), at their match
 * clock with the score they made: the chart marks the goals no offer carries (extra time, after the
 * markets settled at full time). Empty until read, or when the read fails (the offers' goals stay).
 */
export function useFeedGoals(matchId: number): GoalMark[] {
  const read = useQuery(
    {
      queryKey: [...apiKey(routes.matchFeedEvents, { matchId }), 'goals'],
      queryFn: ({ signal }) => api(routes.matchFeedEvents, { params: { matchId }, query: { limit: 1000 }, signal, silent: true }),
      enabled: Number.isInteger(matchId) && matchId > 0,
      staleTime: READ_MS,
      refetchInterval: READ_MS,
    },
    queryClient,
  );
  const events = read.data?.results;
  return useMemo(
    () =>
      (events ?? []).flatMap((event) =>
        event.kind === 'goal' && event.match_time !== null && event.score ? [{ time: event.match_time, score: event.score }] : [],
      ),
    [events],
  );
}
