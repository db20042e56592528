/**
 * What the live engine takes and tells: ingestion results, suppressions (a threshold or delivery
 * that was held back, and why), match events, the live state of a match, change notices (the
 * change stream the relay subscribes to) and backtests.
 */
import { Type, type Static } from 'typebox';
import { DB_INT_MAX, Id, LineOption, NamedRef, Nullable, Odds, Timestamp } from './common';
import { FeedEventKind, FeedMessage } from './feed';
import { LiveTopic } from './live';
import { ChangedEntity } from './live-provider';
import { SessionEndReason } from './entities/operator';
import { MatchFeedHealth } from './uof';
import { Channel } from './entities/channel';
import { LanguageCode } from './entities/language';
import { Offer } from './entities/offer';
import { MarketMeta } from './entities/market';
import { MatchResult } from './entities/match';
import { ScoreNodeName } from './entities/score';
import { RangeThresholds, RelativeThresholds, ValueThresholds } from './entities/thresholds';

/** Body of the ingest call: feed messages of one match, applied in order. */
export const IngestRequest = Type.Object({ messages: Type.Array(FeedMessage, { minItems: 1, maxItems: 1000 }) });
export type IngestRequest = Static<typeof IngestRequest>;

/** What one ingest call did. Duplicates (a source id already stored) are counted, not applied. */
export const IngestReply = Type.Object({
  accepted: Type.Integer({ minimum: 0 }),
  duplicates: Type.Integer({ minimum: 0 }),
  /** Offers older than one already evaluated for their market: stored for history, not evaluated. */
  stale: Type.Integer({ minimum: 0 }),
  offers: Type.Integer({ minimum: 0 }),
  events: Type.Integer({ minimum: 0 }),
  firings: Type.Integer({ minimum: 0 }),
  deliveries: Type.Integer({ minimum: 0 }),
  suppressions: Type.Integer({ minimum: 0 }),
});
export type IngestReply = Static<typeof IngestReply>;

/**
 * Why something was held back. Market bounds (no contact): OUTSIDE_MINUTES (before first_minute
 * or after last_minute), SEND_DELAY (within send_delay_minutes of the last goal), MAX_THRESHOLD
 * (the market fired max_threshold times in the match), MIN_INTERVAL (the same threshold fired less
 * than pass_threshold_timeout seconds ago), MARKET_ODDS_BOUNDS (odds outside the market's
 * {outcome}_min..{outcome}_max). Per contact: NO_CONTENT (no match content for its channel and
 * languages) and the rate limits RATE_LIMIT_MINUTES, MAX_MARKET_MATCH, MAX_MATCH,
 * MARKET_PERIOD_CAP, PERIOD_CAP; CHANNEL_NOT_CONFIGURED (the provider has no credentials for the
 * vendor that would carry it, or an email and no mail server: docs/channels.md); SENDS_STOPPED (an admin stopped all sends of the
 * provider or of the deployment: docs/compliance-operations.md). The compliance checks before every
 * send (docs/compliance.md): BLOCKED and EXCLUDED (the sportsbook's blocks), SUPPRESSION_LIST (a
 * listed value), NO_CONSENT and CONSENT_WITHDRAWN (for the contact's channel), QUIET_HOURS (the
 * recipient's local time), DAILY_CAP (per local calendar day, all matches), JURISDICTION_CONTENT
 * (only content the jurisdiction forbids), COMPLIANCE_UNAVAILABLE (the blocks source could not say:
 * fail closed).
 */
export const SUPPRESSION_REASONS = [
  'OUTSIDE_MINUTES',
  'SEND_DELAY',
  'MAX_THRESHOLD',
  'MIN_INTERVAL',
  'MARKET_ODDS_BOUNDS',
  'NO_CONTENT',
  'RATE_LIMIT_MINUTES',
  'MAX_MARKET_MATCH',
  'MAX_MATCH',
  'MARKET_PERIOD_CAP',
  'PERIOD_CAP',
  'CHANNEL_NOT_CONFIGURED',
  // Compliance (docs/compliance.md).
  'BLOCKED',
  'EXCLUDED',
  'SUPPRESSION_LIST',
  'NO_CONSENT',
  'CONSENT_WITHDRAWN',
  'QUIET_HOURS',
  'DAILY_CAP',
  'JURISDICTION_CONTENT',
  'COMPLIANCE_UNAVAILABLE',
  'SENDS_STOPPED',
] as const;
export const SuppressionReason = Type.Enum(SUPPRESSION_REASONS);
export type SuppressionReason = Static<typeof SuppressionReason>;

export const Suppression = Type.Object({
  id: Id,
  match_id: Id,
  offer_id: Nullable(Id),
  market: NamedRef,
  threshold_set_id: Nullable(Id),
  /** The outcome whose threshold was held back; null for a contact's suppression of a whole firing. */
  outcome: Nullable(Type.String()),
  contact: Nullable(NamedRef),
  reason: SuppressionReason,
  /** The limit in the operator's words, e.g. 'max 2 pushes per match reached (2 sent)'. */
  detail: Type.String(),
  match_time: Nullable(Type.Integer({ minimum: 0 })),
  /** Crossings this record stands for: an exhausted set (MAX_THRESHOLD) has one record per set and outcome; else 1. */
  count: Type.Optional(Type.Integer({ minimum: 1 })),
  created_at: Timestamp,
});
export type Suppression = Static<typeof Suppression>;

/** A match event of the feed (goals, periods, suspensions), oldest first. */
export const MatchFeedEvent = Type.Object({
  id: Id,
  match_id: Id,
  kind: FeedEventKind,
  side: Nullable(Type.Enum(['home', 'away'])),
  period: Nullable(Type.Integer({ minimum: 0 })),
  match_time: Nullable(Type.Integer({ minimum: 0 })),
  score: Nullable(ScoreNodeName),
  market_id: Nullable(Id),
  suspended: Nullable(Type.Boolean()),
  sent_at: Timestamp,
  /** Arrival order within the match, offers and events together; null before it was kept. */
  arrival: Type.Optional(Nullable(Type.Integer())),
  raw: Type.Optional(Type.Unknown()),
});
export type MatchFeedEvent = Static<typeof MatchFeedEvent>;

/**
 * A match as its feed left it: PRE (nothing in play yet), LIVE (kicked off), ENDED (match end
 * received), or out of its usual course as a `match_state` event said: DELAYED, INTERRUPTED,
 * POSTPONED, CANCELLED, ABANDONED (the last three fire nothing). `suspended` is the whole match;
 * `suspended_market_ids` single markets.
 */
export const LiveStatus = Type.Enum(['PRE', 'LIVE', 'ENDED', 'DELAYED', 'INTERRUPTED', 'POSTPONED', 'CANCELLED', 'ABANDONED']);
export type LiveStatus = Static<typeof LiveStatus>;
export const MatchLiveState = Type.Object({
  match_id: Id,
  status: LiveStatus,
  period: Type.Integer({ minimum: 0 }),
  score: ScoreNodeName,
  match_time: Nullable(Type.Integer({ minimum: 0 })),
  suspended: Type.Boolean(),
  suspended_market_ids: Type.Array(Id),
  kicked_off_at: Nullable(Timestamp),
  last_message_at: Nullable(Timestamp),
  /** The result so far, from the feed's goals, periods and match end (resultFromFeed); null before kick-off. */
  result: Nullable(MatchResult),
});
export type MatchLiveState = Static<typeof MatchLiveState>;

/**
 * One message of the change stream (`GET /api/1/changes`, server-sent events named `change`, the
 * SSE id being `seq`): what changed in a match, so a subscriber fetches it at once instead of at
 * its next poll. `reset` says the match's feed was cleared (a looping demo replay starts over).
 */
export const ChangeNotice = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  /** The match the notice is about; 0 for a notice about no match (sessions, provider-wide records, the catalog). */
  match_id: Type.Integer({ minimum: 0, maximum: DB_INT_MAX }),
  topics: Type.Array(LiveTopic),
  offer_ids: Type.Array(Id),
  delivery_ids: Type.Array(Id),
  event_ids: Type.Array(Id),
  reset: Type.Boolean(),
  at: Timestamp,
  /**
   * The match's publication this notice is (an engine batch that wrote offers or events): its
   * epoch and its offset, one more than the match's last within the epoch (a reset starts another).
   * A relay that applied the one before applies this one's `offers`; after a gap, another epoch,
   * or a publication without them, it reads the match (docs/live-path.md, "Publications").
   */
  publication: Type.Optional(Type.Object({ epoch: Type.String({ minLength: 1 }), offset: Type.Integer({ minimum: 1 }) })),
  /**
   * The publication's offers (`offer_ids`) as the feed read answers them, when none of them fired
   * ([] when it wrote only events). Absent where they would not fit (a Postgres NOTIFY of the
   * change transport, a notice split by its ids) or a fired offer's record needs its deliveries.
   */
  offers: Type.Optional(Type.Array(Offer)),
  /**
   * Sessions that just ended (logout): the SHA-256 (hex) of each token, so subscribers holding
   * connections of those tokens close them. Such a notice is about no match: `match_id` 0, no topics.
   */
  revoked_tokens: Type.Optional(Type.Array(Type.String({ pattern: '^[0-9a-f]{64}$' }))),
  /** Why those sessions ended (absent: a logout), so the relay can tell their consoles. */
  revoked_reason: Type.Optional(SessionEndReason),
  /**
   * Sessions whose role or providers an admin just changed (SHA-256 of each token): subscribers
   * drop what they know of them and tell their consoles (`sessionChanged`), which read their
   * session again. `match_id` 0, no topics.
   */
  access_changed: Type.Optional(Type.Array(Type.String({ pattern: '^[0-9a-f]{64}$' }))),
  /** An edit through the API (co-editing): what was written, by whom (absent on feed notices). */
  entity: Type.Optional(Type.String()),
  entity_id: Type.Optional(Id),
  actor: Type.Optional(Type.Object({ id: Nullable(Id), name: Type.String() })),
  /**
   * A write of provider-wide records (live-provider.ts: market settings, saved templates, content
   * items and groups): their provider, and each record with its actor. Such a notice is about no
   * match: `match_id` 0, no topics.
   */
  provider_id: Type.Optional(Id),
  entities: Type.Optional(Type.Array(ChangedEntity)),
  /**
   * Matches whose own record changed (live-catalog.ts: a connector reassign moves a match into
   * another event, which changes every match of both events): the relay tells each match's room,
   * naming `entities`. Such a notice polls no topic: `match_id` 0, no topics.
   */
  match_ids: Type.Optional(Type.Array(Id)),
  /**
   * A live match's feed health changed (it stalled, or its messages returned; docs/feeds-uof.md):
   * the row as `GET /api/1/feed-health` gives it. The relay pushes it to every socket as
   * `feedHealth`. Such a notice polls no topic: `match_id` 0, no topics.
   */
  feed_health: Type.Optional(MatchFeedHealth),
});
export type ChangeNotice = Static<typeof ChangeNotice>;

const setFields = {
  market_id: Id,
  contact_id: Type.Optional(Nullable(Id)),
  line: Type.Optional(Nullable(LineOption)),
};

/** A threshold set to try, shaped as the threshold editor saves one. */
export const BacktestThresholdSet = Type.Union([
  Type.Object({ ...setFields, type: Type.Literal('VALUE'), thresholds: ValueThresholds }),
  Type.Object({ ...setFields, type: Type.Literal('RANGE'), thresholds: RangeThresholds }),
  Type.Object({ ...setFields, type: Type.Literal('RELATIVE'), thresholds: RelativeThresholds }),
]);
export type BacktestThresholdSet = Static<typeof BacktestThresholdSet>;

/**
 * Body of a backtest: a saved threshold set (`threshold_set_id`) or one to try (`threshold_set`),
 * run against the match's stored offers, or against a recorded feed under infra/feeds/ (`feed`,
 * its name without .jsonl). The match's audience, content and market settings apply;
 * `market_meta` tries other settings. Nothing is stored or delivered.
 */
export const BacktestRequest = Type.Object({
  match_id: Id,
  threshold_set_id: Type.Optional(Id),
  threshold_set: Type.Optional(BacktestThresholdSet),
  feed: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,99}$' })),
  market_meta: Type.Optional(MarketMeta),
});
export type BacktestRequest = Static<typeof BacktestRequest>;

const When = { at: Timestamp, match_time: Nullable(Type.Integer({ minimum: 0 })), score: ScoreNodeName };

export const BacktestReply = Type.Object({
  offers: Type.Integer({ minimum: 0 }),
  firings: Type.Array(
    Type.Object({
      ...When,
      outcomes: Type.Array(Type.String()),
      odds: Type.Record(Type.String(), Odds),
      /** Per fired outcome, why (e.g. a RELATIVE move and the post-goal reference it was measured from). */
      why: Type.Optional(Type.Array(Type.String())),
    }),
  ),
  deliveries: Type.Array(
    Type.Object({
      ...When,
      contact: NamedRef,
      channel: Channel,
      language: LanguageCode,
      subject: Nullable(Type.String()),
      body: Nullable(Type.String()),
    }),
  ),
  suppressions: Type.Array(
    Type.Object({
      ...When,
      reason: SuppressionReason,
      detail: Type.String(),
      outcome: Nullable(Type.String()),
      contact: Nullable(NamedRef),
    }),
  ),
});
export type BacktestReply = Static<typeof BacktestReply>;

/** A feed message an engine worker moved to the dead-letter queue (broker mode). */
export const DeadLetter = Type.Object({
  id: Id,
  kind: Type.String({ description: 'invalid_json, schema, routing_key, unknown_match or rejected' }),
  reason: Type.String(),
  routing_key: Type.String(),
  shard: Type.String(),
  match_id: Nullable(Id),
  body: Type.String({ description: 'the message as published, cut to 4 KB' }),
  created_at: Timestamp,
});
export type DeadLetter = Static<typeof DeadLetter>;

/** Dead letters: how many of each kind, and the newest ones with their reasons. */
export const DeadLettersReply = Type.Object({
  mode: Type.Union([Type.Literal('embedded'), Type.Literal('broker')]),
  total: Type.Integer({ minimum: 0 }),
  by_kind: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  last: Type.Array(DeadLetter),
});
export type DeadLettersReply = Static<typeof DeadLettersReply>;
