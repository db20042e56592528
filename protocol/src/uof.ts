/**
 * Sportradar's Unified Odds Feed (UOF) as the console meets it: the AMQP routing key of its
 * messages, the link of a console match to a UOF event, and the feed health every live match has
 * whatever its feed (docs/feeds.md, docs/feeds-uof.md).
 *
 * Routing key: `{priority}.{pre}.{live}.{message_type}.{sport_id}.{urn_type}.{event_id}.{node_id}`,
 * eight dot-separated parts where `-` means "none": `hi.-.live.odds_change.1.sr:match.10927088.-`,
 * or for system messages `-.-.-.alive.-.-.-.-`.
 */
import { Type, type Static } from 'typebox';
import { Id, Nullable, Timestamp } from './common';
import { Version } from './entities/audit';
import { UofConnectionHealth } from './uof-connection';

export interface UofRoutingKey {
  priority: 'hi' | 'lo' | null;
  prematch: boolean;
  live: boolean;
  messageType: string;
  sportId: number | null;
  /** The event's URN type, e.g. `sr:match`; null on system messages. */
  urnType: string | null;
  eventId: number | null;
  /** The node a recovery asked from (`node_id` of the request), else null. */
  nodeId: number | null;
}

const part = (value: string | number | null) => (value === null || value === '' ? '-' : String(value));

export function buildUofRoutingKey(key: UofRoutingKey): string {
  return [
    part(key.priority),
    key.prematch ? 'pre' : '-',
    key.live ? 'live' : '-',
    key.messageType,
    part(key.sportId),
    part(key.urnType),
    part(key.eventId),
    part(key.nodeId),
  ].join('.');
}

const numberOrNull = (text: string) => (text === '-' ? null : /^\d{1,12}$/.test(text) ? Number(text) : Number.NaN);

/** The parts of a UOF routing key, or null when it is not one (wrong part count, bad numbers). */
export function parseUofRoutingKey(text: string): UofRoutingKey | null {
  // The URN type itself holds a colon, never a dot, so a plain split is exact.
  const parts = text.split('.');
  if (parts.length !== 8) return null;
  const [priority, pre, live, messageType, sport, urnType, event, node] = parts as [string, string, string, string, string, string, string, string];
  if (priority !== 'hi' && priority !== 'lo' && priority !== '-') return null;
  if ((pre !== 'pre' && pre !== '-') || (live !== 'live' && live !== '-')) return null;
  if (!/^[a-z_]{1,40}$/.test(messageType)) return null;
  const sportId = numberOrNull(sport);
  const eventId = numberOrNull(event);
  const nodeId = numberOrNull(node);
  if ([sportId, eventId, nodeId].some((n) => Number.isNaN(n))) return null;
  if (urnType !== '-' && !/^[a-z]{1,10}:[a-z_]{1,30}$/.test(urnType)) return null;
  return {
    priority: priority === '-' ? null : priority,
    prematch: pre === 'pre',
    live: live === 'live',
    messageType,
    sportId,
    urnType: urnType === '-' ? null : urnType,
    eventId,
    nodeId,
  };
}

/** A UOF event URN as a match is linked to it: `sr:match:10927088`. */
export const UofEventUrn = Type.String({ pattern: '^[a-z]{1,10}:[a-z_]{1,30}:\\d{1,12}$', maxLength: 60 });

export const UofLinkRequest = Type.Object({ event: UofEventUrn, version: Type.Optional(Version) });
export type UofLinkRequest = Static<typeof UofLinkRequest>;

/** A match's UOF event (null: not linked), versioned like other edits. */
export const UofLink = Type.Object({
  match_id: Id,
  event: Nullable(UofEventUrn),
  version: Nullable(Version),
  updated_at: Nullable(Timestamp),
  updated_by: Nullable(Type.String()),
});
export type UofLink = Static<typeof UofLink>;

/** Where a live match's messages come from: the console's own feed format, or UOF. */
export const FeedKind = Type.Enum(['odds-feed', 'uof']);
export type FeedKind = Static<typeof FeedKind>;

/** A UOF producer's state: up, or down (no alive in time, unsubscribed, product_down) until its recovery completes. */
export const ProducerState = Type.Enum(['up', 'down', 'recovering']);
export type ProducerState = Static<typeof ProducerState>;

export const UofProducer = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  /** Its name in UOF's producer list (`LO`, `Ctrl`), null before the adapter wrote it. */
  name: Nullable(Type.String()),
  /** How far behind their own timestamp its last live messages arrived, in ms (null before the first). */
  delay_ms: Nullable(Type.Integer({ minimum: 0 })),
  state: ProducerState,
  last_alive_at: Nullable(Timestamp),
  subscribed: Type.Boolean(),
  /** Why it is down ('no alive for 20 s', 'subscribed=0', 'product_down'), null when up. */
  reason: Nullable(Type.String()),
  /** The feed time of the last message processed while up: a recovery asks for everything after it. */
  last_good_at: Nullable(Timestamp),
  recovery: Nullable(Type.Object({ request_id: Type.Integer(), started_at: Timestamp, attempts: Type.Integer({ minimum: 1 }) })),
});
export type UofProducer = Static<typeof UofProducer>;

/** One live match's feed health (the Feed health screen's row, the match page's banner). */
export const MatchFeedHealth = Type.Object({
  match_id: Id,
  name: Type.String(),
  feed: FeedKind,
  /** UOF only: the linked event. */
  event: Nullable(Type.String()),
  last_message_at: Nullable(Timestamp),
  stalled: Type.Boolean(),
  /** Since when the match is stalled (null when it is not). */
  stalled_since: Nullable(Timestamp),
  /** UOF only: the worst state of the producers its messages came from (null for other feeds). */
  producer: Nullable(ProducerState),
});
export type MatchFeedHealth = Static<typeof MatchFeedHealth>;

export const UofUnknownMarket = Type.Object({
  market: Type.String({ description: 'UOF market id, with its specifiers when it had some' }),
  outcome: Nullable(Type.String()),
  /** Why it was skipped (the rest of its message was ingested): no mapping, a line the provider does not carry, … */
  reason: Type.String(),
  count: Type.Integer({ minimum: 0 }),
  last_seen_at: Timestamp,
});
export const UofUnlinkedEvent = Type.Object({
  event: Type.String(),
  count: Type.Integer({ minimum: 0 }),
  home: Nullable(Type.String()),
  away: Nullable(Type.String()),
  kick_off: Nullable(Timestamp),
  last_seen_at: Timestamp,
});
export const UofRecovery = Type.Object({
  id: Id,
  producer: Type.Integer(),
  request_id: Type.Integer(),
  after: Nullable(Timestamp),
  started_at: Timestamp,
  ended_at: Nullable(Timestamp),
  messages: Type.Integer({ minimum: 0 }),
  attempts: Type.Integer({ minimum: 1 }),
  status: Type.Enum(['running', 'complete', 'failed']),
});

export const FeedHealthReply = Type.Object({
  /** Seconds without a message after which a live match is stalled (FEED_STALL_S). */
  stall_after_s: Type.Integer({ minimum: 1 }),
  matches: Type.Array(MatchFeedHealth),
  producers: Type.Array(UofProducer),
  unknown_markets: Type.Array(UofUnknownMarket),
  unlinked_events: Type.Array(UofUnlinkedEvent),
  recoveries: Type.Array(UofRecovery),
  /** The UOF adapter's broker connection (null: no adapter ever ran here). */
  connection: Nullable(UofConnectionHealth),
});
export type FeedHealthReply = Static<typeof FeedHealthReply>;

/** A UOF outcome id as the market descriptions give it (`12`, `1711`, `sr:player:123`). */
const UofOutcomeId = Type.String({ pattern: '^[A-Za-z0-9:_+-]{1,40}$', maxLength: 40 });

/**
 * One row of the UOF market mapping (the Markets screen's "UOF market mapping"): a UOF market id
 * to one of our market types, the specifier that holds its line (`total`, `hcp`; null for a market
 * without one) and each UOF outcome id to an outcome key of that type.
 */
export const UofMarketMappingInput = Type.Object({
  type_id: Id,
  line_specifier: Nullable(Type.String({ pattern: '^[a-z_]{1,30}$', maxLength: 30 })),
  outcomes: Type.Array(Type.Object({ id: UofOutcomeId, key: Type.String({ minLength: 1, maxLength: 40 }) }), { minItems: 1, maxItems: 64 }),
  name: Type.String({ minLength: 1, maxLength: 100 }),
});
export type UofMarketMappingInput = Static<typeof UofMarketMappingInput>;

export const UofMarketMapping = Type.Object({
  uof_market_id: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  ...UofMarketMappingInput.properties,
});
export type UofMarketMapping = Static<typeof UofMarketMapping>;

export const UofMarketMappingList = Type.Object({ results: Type.Array(UofMarketMapping) });
export type UofMarketMappingList = Static<typeof UofMarketMappingList>;
