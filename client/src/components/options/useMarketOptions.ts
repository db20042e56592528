import { routes, type Market } from '@odds/protocol';
import { useSnapshot } from 'valtio';
import { useApiQuery } from '../../api/queries';
import { contextStore } from '../../stores/context';

const NONE: Market[] = [];

/** Every market of the selected provider and sport, for the market dropdowns of the stats screens. */
export function useMarketOptions(): Market[] {
  const { providerId, sportId } = useSnapshot(contextStore);
  const query = useApiQuery(routes.markets, { params: { p: providerId, s: sportId }, query: { limit: 1000, order_by: 'name' } });
  return query.data?.results ?? NONE;
}
