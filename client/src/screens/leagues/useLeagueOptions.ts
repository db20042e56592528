import { routes, type League } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { contextStore } from '../../stores/context';

/** Every league of the selected provider and sport, by name: the league filters of Matches and Teams. */
export function useLeagueOptions(): { leagues: League[]; loading: boolean } {
  const { providerId, sportId } = useSnapshot(contextStore);
  const [state, setState] = useState<{ leagues: League[]; loading: boolean }>({ leagues: [], loading: true });

  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true }));
    api(routes.leagues, {
      params: { p: providerId, s: sportId },
      query: { start: 0, limit: 1000, order_by: 'name' },
      signal: controller.signal,
    }).then(
      (reply) => setState({ leagues: reply.results, loading: false }),
      () => {
        if (!controller.signal.aborted) setState({ leagues: [], loading: false });
      },
    );
    return () => controller.abort();
  }, [providerId, sportId]);

  return state;
}
