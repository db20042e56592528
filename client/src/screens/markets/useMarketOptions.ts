import { routes, type Market } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { contextStore } from '../../stores/context';

/** Every market of the selected provider and sport, for the market dropdowns of the stats screens. */
export function useMarketOptions(): Market[] {
  const { providerId, sportId } = useSnapshot(contextStore);
  const [markets, setMarkets] = useState<Market[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    api(routes.markets, { params: { p: providerId, s: sportId }, query: { limit: 1000, order_by: 'name' }, signal: controller.signal }).then(
      (reply) => setMarkets(reply.results),
      () => {
        if (!controller.signal.aborted) setMarkets([]);
      },
    );
    return () => controller.abort();
  }, [providerId, sportId]);
  return markets;
}
