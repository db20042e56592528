/**
 * Live events between relay and clients over socket.io (and the plain WebSocket `/live`, see
 * live-envelope.ts). Typed maps shared by relay and client so a renamed event breaks the build,
 * not production. The flow is ARCHITECTURE.md "Live path": watch a match, get one snapshot per
 * topic, then deltas with increasing seq; on a gap or reconnect, resync from the last seq.
 *
 * Every snapshot and delta carries its topic's `epoch` beside `seq`: one history of the topic's
 * state at the relay (a relay that restarted without its store, or a state that expired, starts a
 * new epoch at seq 0). A seq means something only within its epoch: a client that sees another
 * epoch than the one it holds knows its history is gone, drops what it buffered and asks for a
 * fresh snapshot (a resync naming its old epoch is answered with one).
 */
import { Type, type Static } from 'typebox';
import Value from 'typebox/value';
import { Id } from './common';
import type { AuditEntry } from './entities/audit';
import type { Delivery } from './entities/delivery';
import type { FeedEvent, Offer } from './entities/offer';
import type { MatchContent } from './entities/match-content';
import type { SessionEndReason } from './entities/operator';
import type { StatEvent } from './entities/stat-event';
import type { MatchThresholdSet } from './entities/thresholds';
import type { Tracker } from './entities/tracker';
import { ProviderRequest, type ProviderChangedPayload } from './live-provider';
import type { CatalogChangedPayload, MatchChangedPayload } from './live-catalog';
import type { MatchFeedHealth } from './uof';

/**
 * What a room pushes per match: feed events, offers (all markets) and deliveries; the editable
 * tables (MATCH_TABLE_TOPICS); and `history`, the newest audit entries of the match's tables
 * (HISTORY_WINDOW), so a console shows who changed what from the push, without reading the audit.
 */
export const LIVE_TOPICS = ['feed', 'offers', 'deliveries', 'thresholds', 'content', 'stats', 'trackers', 'history'] as const;

/**
 * The match's editable tables, pushed like the feed so co-editing operators see each other's
 * edits: each topic is the whole (small) list one GET of protocol's route table returns; when a
 * change notice names a record of it, the relay reads that record alone (the route's `ids`).
 * Data-driven: a new table is one line here (its route takes IdsQuery).
 */
export const MATCH_TABLE_TOPICS = {
  thresholds: 'matchThresholds',
  content: 'matchContent',
  stats: 'matchStatEvents',
  trackers: 'matchTrackers',
} as const;
export type MatchTableTopic = keyof typeof MATCH_TABLE_TOPICS;

/** How many of a match's newest audit entries (GET /api/1/audit?match_id=) the `history` topic holds. */
export const HISTORY_WINDOW = 50;

/**
 * Topics only an operator's token may read (a wall display's gets 403): the relay reads them while
 * an operator watches the match. The tables and their history.
 */
export const OPERATOR_TOPICS: readonly LiveTopic[] = [...(Object.keys(MATCH_TABLE_TOPICS) as MatchTableTopic[]), 'history'];
export const isOperatorTopic = (topic: LiveTopic): boolean => OPERATOR_TOPICS.includes(topic);

/** The topic an edited entity of a match is pushed on (change notices of writes name it). */
export const ENTITY_TOPICS = { threshold_set: 'thresholds', match_content: 'content', stat_event: 'stats', tracker: 'trackers' } as const;
export const LiveTopic = Type.Enum(LIVE_TOPICS);
export type LiveTopic = Static<typeof LiveTopic>;

/** The record each topic carries; every one has a numeric `id`, which deltas remove by. */
export interface LiveTopicItems {
  feed: FeedEvent;
  offers: Offer;
  deliveries: Delivery;
  thresholds: MatchThresholdSet;
  content: MatchContent;
  stats: StatEvent;
  trackers: Tracker;
  history: AuditEntry;
}

/**
 * How many records a first snapshot (a watch, or a fresh snapshot after a resync the relay could
 * not serve with deltas) carries per topic: the newest by id, what a match screen shows at first.
 * The relay holds more (the feed and delivery windows, every offer of the match for the graph);
 * a screen pages older rows through REST (`before_id` of the topic's list route) when asked. Topics
 * not listed (the small match tables) are sent whole.
 */
export const SNAPSHOT_LIMITS: Partial<Record<LiveTopic, number>> = { feed: 100, offers: 200, deliveries: 100, history: 10 };

/** What the odds chart needs of an offer: an offers snapshot's `outline` carries these for the older offers. */
export type OfferPoint = Pick<Offer, 'id' | 'market_id' | 'match_time' | 'prematch' | 'score' | 'outcome_map'>;

/** The socket.io room of a match's watchers. */
export const matchRoom = (matchId: number) => `match:${matchId}`;

/** The whole current state of one topic of a match, as of `seq` in `epoch`. */
export type SnapshotPayload<T extends LiveTopic = LiveTopic> = {
  [K in T]: {
    matchId: number;
    topic: K;
    /** The history `seq` belongs to (opaque; compared for equality only). */
    epoch: string;
    seq: number;
    items: LiveTopicItems[K][];
    /**
     * True when it answers a resync the relay could no longer serve with deltas (the client was
     * away longer than the relay's history, or the relay restarted): replace the topic's records.
     */
    fresh?: boolean;
    /**
     * True when the relay holds older records than `items` carries (it sent the newest
     * SNAPSHOT_LIMITS[topic]): a screen pages them through REST with `before_id`.
     */
    more?: boolean;
    /**
     * Offers only: the chart points of the offers older than `items` (one per market and chart
     * time, the newest there, plus every score change), so the Graph tab draws the whole match.
     */
    outline?: OfferPoint[];
  };
}[T];

/** What changed in one topic since `seq - 1` of the same `epoch`: records added or changed, and ids removed. */
export type DeltaPayload<T extends LiveTopic = LiveTopic> = {
  [K in T]: { matchId: number; topic: K; epoch: string; seq: number; upserts: LiveTopicItems[K][]; removes: number[] };
}[T];

/**
 * Big snapshots and deltas travel packed: the relay turns off per-message deflate on its sockets
 * and instead deflates a payload whose JSON reaches PACKED_MIN_BYTES once, whoever it goes to, and
 * sends the bytes as they are to every watcher. On socket.io that is the `packed` event with the
 * bytes as a binary attachment; on `/live` (opted into with LIVE_WS_PACKED_QUERY) a binary message.
 * Smaller payloads (most deltas, status, presence) go plain, as JSON.
 */
export const PACKED_MIN_BYTES = 1024;
/**
 * The packing: raw deflate (RFC 1951, no zlib or gzip header) of the payload's UTF-8 JSON, what a
 * browser inflates with `new DecompressionStream('deflate-raw')` and Node with `inflateRawSync`.
 */
export const PACKED_ENCODING = 'deflate-raw';
/** Live events that may come packed. */
export type PackedEvent = 'snapshot' | 'delta';

/**
 * A packed snapshot or delta (socket.io `packed`): which match and topic it is of in the clear (a
 * client skips what it does not watch without inflating), and the payload's JSON deflated.
 * Inflated, `deflated` is exactly the `event`'s payload, to be applied in the order it came:
 * a client that inflates asynchronously holds back the events after it until it is applied.
 */
export interface PackedPayload {
  matchId: number;
  topic: LiveTopic;
  event: PackedEvent;
  /** PACKED_ENCODING of the payload's JSON: an ArrayBuffer in browsers, a Buffer (Uint8Array) in Node. */
  deflated: ArrayBuffer | Uint8Array;
}

/** Upstream health as the match's pollers see it: ok, degraded (retrying) or down. */
export type UpstreamState = 'ok' | 'degraded' | 'down';
export interface StatusPayload {
  matchId: number;
  upstream: UpstreamState;
  /** When a poll last succeeded (ISO-8601), null if none has yet. */
  lastSuccessAt: string | null;
}

/**
 * The match page tabs an operator can be seen editing (a form with unsaved changes on it), and
 * how the header names them. A fixed list: the relay refuses any other tab.
 */
export const EDITING_TABS = ['thresholds', 'content', 'stats', 'trackers'] as const;
export const EditingTab = Type.Enum(EDITING_TABS);
export type EditingTab = Static<typeof EditingTab>;
export const EDITING_TAB_LABELS: Record<EditingTab, string> = {
  thresholds: 'Thresholds',
  content: 'Content',
  stats: 'Stats',
  trackers: 'Trackers',
};

/** An operator editing a tab of the match (one entry per operator and tab, however many sockets). */
export interface MatchEditor {
  id: number;
  name: string;
  tab: EditingTab;
}

/** Who else watches the match, and who edits which of its tabs. */
export interface PresencePayload {
  matchId: number;
  viewers: { count: number; names: string[] };
  /** Operators with unsaved changes on a tab, sorted by name then tab (absent from older relays). */
  editors?: MatchEditor[];
}

export interface HelloPayload {
  user: { id: number; name: string };
}

export interface ServerToClientEvents {
  /** Sent once after a socket connects and its token was accepted. */
  hello: (payload: HelloPayload) => void;
  snapshot: (payload: SnapshotPayload) => void;
  delta: (payload: DeltaPayload) => void;
  /** A snapshot or delta too big to send plain, deflated once for every socket it goes to (PackedPayload). */
  packed: (payload: PackedPayload) => void;
  status: (payload: StatusPayload) => void;
  presence: (payload: PresencePayload) => void;
  /** A record of the followed provider changed (live-provider.ts). */
  changed: (payload: ProviderChangedPayload) => void;
  /** The relay's change stream was away (the upstream restarted, say): provider data may have changed unannounced; read it again. */
  providerResync: (payload: { at: string }) => void;
  /** The watched match's own record changed (a connector reassign, live-catalog.ts): read it again. */
  matchChanged: (payload: MatchChangedPayload) => void;
  /** A record every console shows changed (a provider's active flag, live-catalog.ts): read it again. */
  catalogChanged: (payload: CatalogChangedPayload) => void;
  /**
   * This socket's session was ended elsewhere (an admin disabled the account or reset its password,
   * the operator changed it, or logged out in another tab): sent just before the socket is closed,
   * so the console can say why instead of asking to sign in again.
   */
  sessionEnded: (payload: { reason: SessionEndReason }) => void;
  /**
   * An admin changed this operator's role or providers: the console reads its session (GET
   * /api/1/session) and its providers again, and shows what the new rights allow. The socket stays
   * open, but the relay has left the rooms of matches and providers it may no longer see.
   */
  sessionChanged: (payload: { reason: 'access' }) => void;
  /** A live match's feed stalled or flowed again (docs/feeds-uof.md): to every socket, consoles and walls alike. */
  feedHealth: (payload: MatchFeedHealth) => void;
}

/** Client → server payloads as schemas, so the relay validates what sockets send. */
export const WatchRequest = Type.Object({ matchId: Id });
export type WatchRequest = Static<typeof WatchRequest>;
export const UnwatchRequest = Type.Object({ matchId: Id });
export type UnwatchRequest = Static<typeof UnwatchRequest>;
export const ResyncRequest = Type.Object({
  matchId: Id,
  topic: LiveTopic,
  /** The last seq the client applied; it gets everything after it. */
  sinceSeq: Type.Integer({ minimum: 0 }),
  /**
   * The epoch of that seq. Another epoch than the topic's current one (or none: a client older than
   * epochs) is answered with a fresh snapshot, since its seq says nothing about this history.
   */
  epoch: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type ResyncRequest = Static<typeof ResyncRequest>;
/**
 * "I am editing this tab of the match" (`tab`), or "I stopped" (`tab: null`). A socket edits at
 * most one tab per match (a new tab replaces the last); it must watch the match first, and its
 * editing ends when it unwatches or disconnects.
 */
export const EditingRequest = Type.Object({ matchId: Id, tab: Type.Union([EditingTab, Type.Null()]) });
export type EditingRequest = Static<typeof EditingRequest>;

export const LiveAck = Type.Union([
  Type.Object({ ok: Type.Literal(true) }),
  // `retryable`: the refusal is passing (the upstream did not answer, a rate limit): the client
  // asks again with backoff; absent or false, asking again would get the same answer.
  Type.Object({ ok: Type.Literal(false), error: Type.String(), retryable: Type.Optional(Type.Boolean()) }),
]);
/** Answer to every client request: ok, or the reason it was refused (shown as-is, SPEC §8). */
export type LiveAck = Static<typeof LiveAck>;

/**
 * A request's data does not ride on its ack: after an ok `watch` the socket receives one `snapshot`
 * per topic; after an ok `resync` the missed `delta`s, or a `snapshot` of the topic flagged `fresh`
 * when the relay no longer holds them. So a client applies data from one place only, the events.
 * After a reconnect a client resyncs each topic it holds instead of watching again: a `resync` of a
 * match the socket does not watch yet watches it (same checks) without sending snapshots.
 * Relay handlers must not assume the ack callback exists (a client may emit without one).
 */
export interface ClientToServerEvents {
  watch: (payload: WatchRequest, ack: (reply: LiveAck) => void) => void;
  unwatch: (payload: UnwatchRequest, ack: (reply: LiveAck) => void) => void;
  resync: (payload: ResyncRequest, ack: (reply: LiveAck) => void) => void;
  editing: (payload: EditingRequest, ack: (reply: LiveAck) => void) => void;
  /** Follow a provider's data: its `changed` events come to this socket (live-provider.ts). */
  provider: (payload: ProviderRequest, ack: (reply: LiveAck) => void) => void;
}

const requestSchemas = { watch: WatchRequest, unwatch: UnwatchRequest, resync: ResyncRequest, editing: EditingRequest, provider: ProviderRequest } as const;

/**
 * Why a client request does not fit its schema (`Invalid watch request: /matchId must be integer`),
 * or null when it does. The relay checks every request with it before acting on it.
 */
export function liveRequestError(event: keyof ClientToServerEvents, data: unknown): string | null {
  const schema = requestSchemas[event];
  if (Value.Check(schema, data)) return null;
  const first = Value.Errors(schema, data)[0];
  return `Invalid ${event} request: ${first ? `${first.instancePath || 'payload'} ${first.message}` : 'does not match its schema'}`;
}

/** What the relay keeps on each authenticated socket. */
export interface SocketData {
  /** Who, and the providers they see (null or absent: every provider). */
  user: { id: number; email: string; name: string; provider_ids?: number[] | null };
  token: string;
}

/** Error message a socket receives when its token is missing, expired or invalid. */
export const SOCKET_AUTH_ERROR = 'Authentication required';

/**
 * The `data` of a refused socket.io handshake (the `connect_error`): `auth` is final (the token is
 * invalid: sign in again); `unavailable` (the upstream could not check the token) and `busy` (too
 * many sockets or handshakes) are passing, and the client retries with backoff and jitter.
 */
export interface SocketRefusal {
  reason: 'auth' | 'unavailable' | 'busy';
  retryable: boolean;
}

/**
 * Why the relay refused a live connection that asks too much (socket.io handshake `connect_error`
 * with reason `busy`, `/live` error then close 1013): shown to the operator as they are.
 */
export const liveRefusals = {
  handshakeRate: 'Too many live connection attempts from this address: wait a few seconds and try again',
  tooManyForAddress: (max: number) => `Too many live connections from this address (at most ${max} at once): close some consoles or wall screens and try again`,
  tooManyForToken: (max: number) => `Too many live connections for this sign-in (at most ${max} at once): close some tabs or wall screens and try again`,
} as const;

/** What a client shows while it retries a refused handshake or watch. */
export const LIVE_RECONNECTING = 'Reconnecting to live updates…';

/** Path of the plain WebSocket endpoint (dashboards and scripts). */
export const LIVE_WS_PATH = '/live';
/**
 * `/live?packed=deflate-raw`: the connection takes packed messages. A snapshot or delta whose JSON
 * message reaches PACKED_MIN_BYTES then comes as a binary WebSocket message holding the
 * PACKED_ENCODING of that `{event, data}` text; everything else stays text. Without it every
 * message is text (scripts that do not inflate keep working).
 */
export const LIVE_WS_PACKED_QUERY = `packed=${PACKED_ENCODING}`;
