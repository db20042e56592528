import { routes, type League } from '@odds/protocol';
import { useSnapshot } from 'valtio';
import { useApiQuery } from '../../api/queries';
import { contextStore } from '../../stores/context';

const NONE: League[] = [];

/** Every league of the selected provider and sport, by name: the league filters of Matches and Teams. */
export function useLeagueOptions(): { leagues: League[]; loading: boolean } {
  const { providerId, sportId } = useSnapshot(contextStore);
  const query = useApiQuery(routes.leagues, { params: { p: providerId, s: sportId }, query: { start: 0, limit: 1000, order_by: 'name' } });
  return { leagues: query.data?.results ?? NONE, loading: query.isFetching };
}
