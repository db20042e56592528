import { routes, type Delivery, type Firing, type MatchThresholdSet, type Offer, type Suppression } from '@odds/protocol';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/client';
import type { MatchLive } from '../../../live/matchLive';
import { useTopicRows } from '../useTopicRows';

/** What the engine decided about one offer: its firings, deliveries and suppressions (newest first). */
export interface WhyData {
  firings: Firing[];
  deliveries: Delivery[];
  suppressions: Suppression[];
  /** The threshold sets of the offer's market (to say which came closest when nothing fired). */
  sets: MatchThresholdSet[];
}

/** One offer's records fit in one page: at most this many of each are read. */
const LIMIT = 100;

/**
 * The Why panel's data for an offer, read from the API, and read again whenever the live state of
 * that offer changes (its status, or a delivery of it added or changed): the firings and
 * suppressions are not live topics, but they change only with the offer or its deliveries.
 */
export function useWhy(live: MatchLive | null, matchId: number, offerId: number | null, marketId: number | null) {
  const keepOffer = useCallback((row: Offer) => row.id === offerId, [offerId]);
  const keepDelivery = useCallback((row: Delivery) => row.offer_id === offerId, [offerId]);
  const offers = useTopicRows(live, 'offers', keepOffer).rows;
  const liveDeliveries = useTopicRows(live, 'deliveries', keepDelivery).rows;
  const offer = offers[0] ?? null;
  const key = `${offer?.status ?? ''}|${liveDeliveries.map((d) => `${d.id}:${d.status}`).join(',')}`;
  const [data, setData] = useState<WhyData | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (offerId === null || marketId === null) return;
    const controller = new AbortController();
    const options = { params: { matchId }, signal: controller.signal, silent: true };
    const query = { offer_id: offerId, limit: LIMIT };
    Promise.all([
      api(routes.matchFirings, { ...options, query }),
      api(routes.matchDeliveries, { ...options, query }),
      api(routes.matchSuppressions, { ...options, query }),
      api(routes.matchThresholds, { ...options, query: { market_id: marketId } }),
    ])
      .then(([firings, deliveries, suppressions, sets]) => {
        setData({ firings: firings.results, deliveries: deliveries.deliveries, suppressions: suppressions.results, sets: sets.results });
        setError(null);
      })
      .catch((cause: unknown) => {
        if (!controller.signal.aborted) setError(cause instanceof Error ? cause.message : String(cause));
      });
    return () => controller.abort();
  }, [matchId, offerId, marketId, key]);

  useEffect(() => {
    setData(null);
    setError(null);
  }, [offerId]);

  return { offer, data, error };
}
