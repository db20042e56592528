import { routes } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { MAX_WALL_MATCHES } from './wallParams';

/** A followed league's list of live matches is read again this often (kick-offs come on the hour). */
const REFRESH_MS = 30_000;
/** After a failed read: this, doubling up to REFRESH_MS. */
const RETRY_MS = 2_000;

/**
 * The live matches of a league, for a wall that follows it: read now, every 30 s (sooner after a
 * failed read) and when the page comes back online, so panels appear as matches kick off and go when they leave the live window.
 */
export function useLeagueLiveMatches(leagueId: number | null): number[] {
  const [ids, setIds] = useState<number[]>([]);
  useEffect(() => {
    if (leagueId === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const read = async () => {
      clearTimeout(timer);
      try {
        const list = await api(routes.leagueMatches, {
          params: { leagueId },
          query: { timeframe: 'LIVE', order_by: 'start', limit: MAX_WALL_MATCHES },
          signal: controller.signal,
          silent: true,
        });
        failures = 0;
        setIds((now) => {
          const next = list.results.map((match) => match.id);
          return next.length === now.length && next.every((id, i) => id === now[i]) ? now : next;
        });
      } catch {
        failures += 1;
      }
      if (controller.signal.aborted) return;
      // A failed read (a busy or restarting back office) is tried again soon, not in 30 s.
      timer = setTimeout(() => void read(), failures ? Math.min(REFRESH_MS, RETRY_MS * 2 ** (failures - 1)) : REFRESH_MS);
    };
    const online = () => void read();
    void read();
    window.addEventListener('online', online);
    return () => {
      controller.abort();
      clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, [leagueId]);
  return ids;
}
