/**
 * The odds feed as the engine ingests it, and the recorded-feed format (JSON Lines) the
 * `feed:record` and `feed:replay` commands write and read.
 *
 * A feed message is an offer (the odds of one market at one moment) or a match event (goal, period
 * start or end, suspension, match end). Every message carries a `source_id`, unique within its
 * match, which makes ingestion idempotent: a replayed or retried message is stored once.
 * `sent_at` is the source's clock; the engine measures REAL time, rate limits and minimum intervals
 * on it (ingestion time when absent), so a replay reproduces the decisions of the original run.
 *
 * A recorded feed is one JSON object per line: first a header, then one message per line, each with
 * `offset_ms`, its time in milliseconds from the start of the recording (non-decreasing).
 */
import { Type, type Static } from 'typebox';
import { Id, Line, Nullable, Timestamp } from './common';
import { MatchScore } from './entities/match';
import { OddsOutcome } from './entities/offer';
import { ScoreNodeName, SubNodeName } from './entities/score';

/** Identifies the format of a recorded feed's header line. */
export const FEED_FORMAT = 'odds-feed/1';

/** A market as a feed names it: by market type and line (thousandths), not by our database id. */
export const FeedMarketRef = Type.Object({ type_id: Id, line: Nullable(Line) });
export type FeedMarketRef = Static<typeof FeedMarketRef>;

const SourceId = Type.String({ minLength: 1, maxLength: 200 });
/** The largest match clock a feed message may carry, in seconds (500 minutes: extra time and penalties included). */
export const MATCH_CLOCK_MAX_S = 30_000;
const MatchClock = Nullable(Type.Integer({ minimum: 0, maximum: MATCH_CLOCK_MAX_S }));
/** Match period: 0 before kick-off, 1 and 2 the halves, 3 and 4 extra time, 5 penalties. */
const FeedPeriod = Type.Integer({ minimum: 0, maximum: 9 });

/**
 * Market of a message: `market_id` (our id) or `market` (type and line, resolved against the
 * match's provider). One of the two is required; the engine answers 400 when neither resolves.
 */
const marketFields = {
  market_id: Type.Optional(Id),
  market: Type.Optional(FeedMarketRef),
};

export const FeedOfferMessage = Type.Object({
  type: Type.Literal('offer'),
  source_id: SourceId,
  sent_at: Type.Optional(Timestamp),
  ...marketFields,
  outcomes: Type.Array(OddsOutcome, { minItems: 1, maxItems: 64 }),
  match_time: MatchClock,
  prematch: Type.Boolean(),
  score: ScoreNodeName,
  sub_node: Type.Optional(Nullable(SubNodeName)),
  leaf_node: Type.Optional(Nullable(SubNodeName)),
  period: Type.Optional(Nullable(FeedPeriod)),
  /** The source publishes the price while the market is suspended: stored, never fired on. */
  suspended: Type.Optional(Type.Boolean()),
});
export type FeedOfferMessage = Static<typeof FeedOfferMessage>;

/**
 * Match events: `goal` (with the side and the score after it), `period_start` / `period_end` (with
 * the period; period 1's start is the kick-off), `suspension` (`suspended` true suspends, false
 * lifts; of one market, or of all when no market is named), `match_end`, and `match_state` (with
 * `state`: the match left its usual course, or came back to it).
 */
export const FeedEventKind = Type.Enum(['goal', 'period_start', 'period_end', 'suspension', 'match_end', 'match_state']);
export type FeedEventKind = Static<typeof FeedEventKind>;

/**
 * A `match_state` event's state: DELAYED, INTERRUPTED, POSTPONED, CANCELLED, ABANDONED as the feed
 * says them, or PRE / LIVE when the match is back to its usual course. The engine fires nothing for
 * a POSTPONED, CANCELLED or ABANDONED match (docs/engine-rules.md "Match state").
 */
export const FeedMatchState = Type.Enum(['PRE', 'LIVE', 'DELAYED', 'INTERRUPTED', 'POSTPONED', 'CANCELLED', 'ABANDONED']);
export type FeedMatchState = Static<typeof FeedMatchState>;

export const FeedEventMessage = Type.Object({
  type: Type.Literal('event'),
  source_id: SourceId,
  sent_at: Type.Optional(Timestamp),
  kind: FeedEventKind,
  match_time: MatchClock,
  period: Type.Optional(Nullable(FeedPeriod)),
  score: Type.Optional(ScoreNodeName),
  side: Type.Optional(Type.Enum(['home', 'away'])),
  player: Type.Optional(Type.String({ maxLength: 200 })),
  suspended: Type.Optional(Type.Boolean()),
  reason: Type.Optional(Type.String({ maxLength: 200 })),
  /** A match_state event's state (required there). */
  state: Type.Optional(FeedMatchState),
  /** A match end's penalty shoot-out, where there was one (its goals are not goals of the match). */
  penalties: Type.Optional(MatchScore),
  ...marketFields,
});
export type FeedEventMessage = Static<typeof FeedEventMessage>;

export const FeedMessage = Type.Union([FeedOfferMessage, FeedEventMessage]);
export type FeedMessage = Static<typeof FeedMessage>;

/** The first line of a recorded feed: what it is a recording of. */
export const FeedHeader = Type.Object({
  type: Type.Literal('header'),
  format: Type.Literal(FEED_FORMAT),
  /** Short name, also the file's name without `.jsonl` (backtests refer to feeds by it). */
  name: Type.String({ minLength: 1, maxLength: 100 }),
  match: Type.Object({
    name: Type.String(),
    home: Type.String(),
    away: Type.String(),
    /** The match's event id (the connector), used to find it when a replay is not given a match. */
    event_id: Type.Optional(Type.String()),
    league: Type.Optional(Type.String()),
    /** When the recorded match kicked off (ISO-8601). */
    kick_off: Type.Optional(Timestamp),
  }),
  recorded_at: Type.Optional(Timestamp),
  /**
   * Feed clock of offset 0 in a recording whose messages keep their own `sent_at`: a replay dates
   * each message base + (its sent_at − base_at), so a late message stays late.
   */
  base_at: Type.Optional(Timestamp),
  /** Where the messages came from: a recorded upstream, or the generator and its model. */
  source: Type.String({ maxLength: 2000 }),
  markets: Type.Array(Type.Object({ ...FeedMarketRef.properties, name: Type.String() })),
});
export type FeedHeader = Static<typeof FeedHeader>;

const Offset = { offset_ms: Type.Integer({ minimum: 0 }) };

/** One line of a recorded feed: the header, or a message with its offset. */
export const RecordedLine = Type.Union([
  Type.Object({ ...Offset, ...FeedHeader.properties }),
  Type.Object({ ...Offset, ...FeedOfferMessage.properties }),
  Type.Object({ ...Offset, ...FeedEventMessage.properties }),
]);
export type RecordedLine = Static<typeof RecordedLine>;
export type RecordedMessage = FeedMessage & { offset_ms: number };
