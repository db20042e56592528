import { routes, type UofMarketDescription, type UofOutcomeName } from '@odds/protocol';
import { useMemo } from 'react';
import { useApiQuery } from '../../api/queries';

const NONE: UofMarketDescription[] = [];
const NO_OUTCOMES: UofOutcomeName[] = [];
// The vendor changes its descriptions rarely, and the upstream caches them: one read per visit is plenty.
const FRESH_MS = 10 * 60_000;

/**
 * Sportradar's market descriptions for the UOF mapping: the vendor's markets by id, or why they
 * are unavailable (no UOF API configured, or it does not answer), in which case the mapping works
 * with ids alone as before.
 */
export function useUofDescriptions() {
  const reply = useApiQuery(routes.uofMarketDescriptions, {}, { staleTime: FRESH_MS }).data ?? null;
  const markets = reply?.results ?? NONE;
  const byId = useMemo(() => new Map(markets.map((m) => [m.id, m])), [markets]);
  return { loaded: reply !== null, available: reply?.available === true, reason: reply?.reason ?? null, markets, byId };
}

/** The outcomes of one variant of a vendor market (`sr:exact_goals:5+`), empty until both are chosen. */
export function useVariantOutcomes(marketId: number | null, variant: string): UofOutcomeName[] {
  const enabled = marketId !== null && variant !== '';
  const reply = useApiQuery(routes.uofMarketVariant, { params: { uofMarketId: marketId ?? 1 }, query: { variant } }, { enabled, staleTime: FRESH_MS });
  return enabled ? (reply.data?.outcomes ?? NO_OUTCOMES) : NO_OUTCOMES;
}

/** Whether a vendor market's outcomes come from a variant (it has a `variant` specifier). */
export const isVariantMarket = (market: UofMarketDescription | undefined) => Boolean(market?.specifiers.some((s) => s.name === 'variant'));

/** The variant a variant outcome id belongs to: `sr:exact_goals:5+:1338` is of `sr:exact_goals:5+`; '' for a plain id. */
export const variantOfOutcome = (id: string | undefined) => (id && id.split(':').length > 2 ? id.slice(0, id.lastIndexOf(':')) : '');
