import { routes, type Delivery, type Firing, type MatchThresholdSet, type Offer, type Suppression } from '@odds/protocol';
import { useCallback, useEffect, useRef } from 'react';
import { api } from '../../../api/client';
import { queryClient, useApiQuery, useCached } from '../../../api/queries';
import type { MatchLive } from '../../../live/matchLive';
import { useTopicRows } from '../../../live/useTopicRows';

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

async function readWhy(matchId: number, offerId: number, signal: AbortSignal): Promise<Omit<WhyData, 'sets'>> {
  const options = { params: { matchId }, signal, silent: true };
  const query = { offer_id: offerId, limit: LIMIT };
  const [firings, deliveries, suppressions] = await Promise.all([
    api(routes.matchFirings, { ...options, query }),
    api(routes.matchDeliveries, { ...options, query }),
    api(routes.matchSuppressions, { ...options, query }),
  ]);
  return { firings: firings.results, deliveries: deliveries.deliveries, suppressions: suppressions.results };
}

/**
 * The Why panel's data for an offer, read from the API through the query cache, and read again
 * (the last answer shown meanwhile) whenever the live state of that offer changes (its status, or a delivery of it added or changed): the firings and
 * suppressions are not live topics, but they change only with the offer or its deliveries.
 */
export function useWhy(live: MatchLive | null, matchId: number, offerId: number | null, marketId: number | null) {
  const keepOffer = useCallback((row: Offer) => row.id === offerId, [offerId]);
  const keepDelivery = useCallback((row: Delivery) => row.offer_id === offerId, [offerId]);
  const offers = useTopicRows(live, 'offers', keepOffer).rows;
  const liveDeliveries = useTopicRows(live, 'deliveries', keepDelivery).rows;
  const offer = offers[0] ?? null;
  const key = `${offer?.status ?? ''}|${liveDeliveries.map((d) => `${d.id}:${d.status}`).join(',')}`;
  const shown = offerId !== null && marketId !== null;
  const why = useCached(['why', matchId, offerId], (signal) => readWhy(matchId, offerId!, signal), { enabled: shown, staleTime: 0 });
  // The market's sets: a query of their own, kept in step with the pushed thresholds by the match page (patchFromPush).
  const sets = useApiQuery(routes.matchThresholds, { params: { matchId }, query: { market_id: marketId ?? 0 }, silent: true }, { enabled: shown });
  // The offer's pushed state moved on: what is shown of it is read again.
  const seen = useRef({ offerId, key });
  useEffect(() => {
    const before = seen.current;
    seen.current = { offerId, key };
    // Another offer is a query of its own (read as it opens), not a change of this one.
    if (before.offerId !== offerId || before.key === key) return;
    void queryClient.invalidateQueries({ queryKey: ['why', matchId, offerId] });
  }, [key, matchId, offerId]);
  const data: WhyData | null = why.data && sets.data ? { ...why.data, sets: sets.data.results } : null;
  const failed = why.error ?? sets.error;
  const error = failed ? failed.message : null;

  return { offer, data, error };
}
