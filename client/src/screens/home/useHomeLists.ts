import { DEFAULT_SORTS, routes, type Delivery, type Match } from '@odds/protocol';
import { useSnapshot } from 'valtio';
import { routeGetList, useList } from '../../components/table';
import { contextStore } from '../../stores/context';

/** Home shows short lists: a glance, with the full lists a click away. */
const HOME_PAGE_SIZE = 5;

/** Live and upcoming matches, and recent deliveries, of the selected provider and sport. */
export function useHomeLists() {
  const { providerId: p, sportId: s } = useSnapshot(contextStore);
  const live = useList<Match>({
    key: 'live',
    name: 'live-matches',
    getList: routeGetList({ route: routes.matches, params: { p, s }, query: { timeframe: 'LIVE' } }),
    defaultSort: 'start',
    sortFields: ['id', 'name', 'start', 'league'],
    pageSize: HOME_PAGE_SIZE,
  });
  const upcoming = useList<Match>({
    key: 'upcoming',
    name: 'future-matches',
    getList: routeGetList({ route: routes.matches, params: { p, s }, query: { timeframe: 'FUTURE' } }),
    // The next kick-off first: what an operator prepares for.
    defaultSort: 'start',
    sortFields: ['id', 'name', 'start', 'league'],
    pageSize: HOME_PAGE_SIZE,
  });
  const deliveries = useList<Delivery>({
    key: 'deliveries',
    name: 'deliveries',
    getList: routeGetList({ route: routes.deliveries, params: { p, s } }),
    defaultSort: DEFAULT_SORTS.reports,
    sortFields: ['id', 'created_at', 'sent_at'],
    pageSize: HOME_PAGE_SIZE,
  });
  return { live, upcoming, deliveries };
}
