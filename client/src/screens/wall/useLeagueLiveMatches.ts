import { routes } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { MAX_WALL_MATCHES } from './wallParams';

/** A followed league's list of live matches is read again this often (kick-offs come on the hour). */
const REFRESH_MS = 30_000;

/**
 * The live matches of a league, for a wall that follows it: read now, every 30 s and when the page
 * comes back online, so panels appear as matches kick off and go when they leave the live window.
 */
export function useLeagueLiveMatches(leagueId: number | null): number[] {
  const [ids, setIds] = useState<number[]>([]);
  useEffect(() => {
    if (leagueId === null) return;
    const controller = new AbortController();
    const read = () =>
      api(routes.leagueMatches, {
        params: { leagueId },
        query: { timeframe: 'LIVE', order_by: 'start', limit: MAX_WALL_MATCHES },
        signal: controller.signal,
        silent: true,
      }).then(
        (list) => setIds((now) => {
          const next = list.results.map((match) => match.id);
          return next.length === now.length && next.every((id, i) => id === now[i]) ? now : next;
        }),
        () => undefined,
      );
    void read();
    const timer = setInterval(read, REFRESH_MS);
    window.addEventListener('online', read);
    return () => {
      controller.abort();
      clearInterval(timer);
      window.removeEventListener('online', read);
    };
  }, [leagueId]);
  return ids;
}
