import type { DeliveryLog, FeedOfferMessage, Offer, OfferStatus } from '@odds/protocol';
import type { offers } from '../db/schema';

/** An offer as stored (its table's row). */
export type OfferRow = typeof offers.$inferSelect;

/** An offer's odds keyed in its market type's order (home, draw, away): jsonb keeps its keys sorted. */
function inTypeOrder(odds: Record<string, number>, order: readonly string[]): Record<string, number> {
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.fromEntries(Object.entries(odds).sort(([a], [b]) => rank(a) - rank(b)));
}

/** The feed message an offer was ingested from, as received (after validation, which keeps only known fields). */
function rawMessage(offer: OfferRow): FeedOfferMessage {
  return {
    type: 'offer',
    source_id: offer.sourceId,
    sent_at: offer.sentAt.toISOString(),
    market_id: offer.marketId,
    outcomes: offer.odds,
    match_time: offer.matchTime,
    prematch: offer.prematch,
    score: offer.score,
    sub_node: offer.subNode,
    leaf_node: offer.leafNode,
    period: offer.period,
    suspended: offer.suspended,
  };
}

/**
 * An offer as the API shows it (the offers and feed reads, reads/offers.ts) and as the engine's
 * change notice carries it: one rendering, so a relay applying a notice's offers holds exactly what
 * a read would have answered. `sent`: the contacts it was delivered to and its first delivery's
 * log (a fired offer); `withRaw`: the Feed tab's shape, with the message as received.
 */
export function offerRecord(
  offer: OfferRow,
  market: { name: string /** Its type's outcome keys, in the type's order. */; outcomes: readonly string[] },
  sent: { names: string[]; log: DeliveryLog } | undefined,
  withRaw: boolean,
): Offer {
  return {
    id: offer.id,
    match_id: offer.matchId,
    market_id: offer.marketId,
    market: { id: offer.marketId, name: market.name },
    outcome_map: inTypeOrder(offer.outcomeMap, market.outcomes),
    score: offer.score,
    sub_node: offer.subNode,
    leaf_node: offer.leafNode,
    match_time: offer.matchTime,
    prematch: offer.prematch,
    status: offer.status as OfferStatus,
    created_at: offer.createdAt.toISOString(),
    odds: offer.odds,
    contact_names: sent?.names ?? [],
    delivery: sent ? { log: sent.log } : null,
    reasons: offer.reasons,
    ...(withRaw && { raw: offer.raw ?? rawMessage(offer), arrival: offer.arrival }),
  };
}

/** Keys compared as jsonb orders them (shorter first, then by their bytes: the keys here are ASCII). */
const jsonbKeyOrder = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * A value as a jsonb column gives it back: every object's keys in jsonb's order. What the engine
 * carries of a row it wrote is then the same, key for key, as what a read of that row answers.
 */
export function asJsonb<T>(value: T): T {
  if (Array.isArray(value)) return value.map(asJsonb) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => jsonbKeyOrder(a, b));
  return Object.fromEntries(entries.map(([key, inner]) => [key, asJsonb(inner)])) as T;
}
