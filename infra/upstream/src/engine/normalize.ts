import { formatOdds, inferPeriod, type FeedEventMessage, type FeedMessage, type FeedOfferMessage } from '@odds/protocol';
import { Errors } from '../errors';
import { marketRef, type MarketInfo, type MatchState } from './match-state';
import type { OfferInput } from './records';

export interface EventInput {
  sourceId: string;
  kind: FeedEventMessage['kind'];
  side: 'home' | 'away' | null;
  matchTime: number | null;
  period: number | null;
  score: string | null;
  market: MarketInfo | null;
  suspended: boolean | null;
  feedMs: number;
  raw: FeedEventMessage;
  /** Arrival order within the match (see MatchState.nextArrival). */
  arrival?: number;
}

const where = (index: number, message: FeedMessage) => `message ${index + 1} (${message.source_id})`;

function resolveMarket(state: MatchState, message: FeedMessage, index: number): MarketInfo | null {
  const { statics } = state;
  if (message.market_id !== undefined) {
    const market = statics.markets.get(message.market_id);
    if (!market) throw new Errors.BadRequest(`${where(index, message)}: market ${message.market_id} is not a market of this match's provider and sport.`);
    return market;
  }
  if (!message.market) return null;
  const market =
    statics.marketsByRef.get(marketRef(message.market.type_id, message.market.line)) ??
    // A dynamic-line market is one market whatever line the feed quotes.
    [...statics.markets.values()].find((m) => m.dynamicLine && m.typeId === message.market!.type_id);
  if (!market) {
    const line = message.market.line === null ? '' : ` line ${formatOdds(message.market.line)}`;
    throw new Errors.BadRequest(`${where(index, message)}: this match's provider has no market of type ${message.market.type_id}${line}.`);
  }
  return market;
}

/** The feed's clock for a message: its sent_at, else the time it arrived. */
function feedTime(message: FeedMessage, index: number, nowMs: number): number {
  if (!message.sent_at) return nowMs;
  const ms = Date.parse(message.sent_at);
  if (Number.isNaN(ms)) throw new Errors.BadRequest(`${where(index, message)}: sent_at '${message.sent_at}' is not a date.`);
  return ms;
}

/**
 * An offer resolved against the match: its market (by id, or by type and line), its odds by
 * outcome key (labels through the market's outcome_mapping), its period (given, else the match's
 * current one, else inferred from the clock: up to 45 minutes is period 1).
 */
export function normalizeOffer(state: MatchState, message: FeedOfferMessage, index: number, nowMs: number): OfferInput {
  const market = resolveMarket(state, message, index);
  if (!market) throw new Errors.BadRequest(`${where(index, message)}: an offer needs market_id or market {type_id, line}.`);
  const outcomeMap: Record<string, number> = {};
  for (const outcome of message.outcomes) {
    const key = market.labels.get(outcome.label.toLowerCase());
    if (!key)
      throw new Errors.BadRequest(`${where(index, message)}: '${outcome.label}' is not an outcome of ${market.name}; use ${market.outcomes.join(', ')}.`);
    outcomeMap[key] = outcome.odds;
  }
  const prematch = message.prematch || message.match_time === null;
  const matchTime = prematch ? null : message.match_time;
  const gameS = matchTime ?? 0;
  const period = message.period ?? (prematch ? 0 : state.live.period || inferPeriod(Math.floor(gameS / 60)));
  return {
    sourceId: message.source_id,
    market,
    outcomeMap,
    odds: message.outcomes,
    line: message.outcomes[0]?.line ?? null,
    score: prematch ? 'PRE' : message.score,
    subNode: message.sub_node ?? null,
    leafNode: message.leaf_node ?? null,
    matchTime,
    gameS,
    period,
    prematch,
    suspended: message.suspended ?? false,
    feedMs: feedTime(message, index, nowMs),
  };
}

export function normalizeEvent(state: MatchState, message: FeedEventMessage, index: number, nowMs: number): EventInput {
  return {
    sourceId: message.source_id,
    kind: message.kind,
    side: message.side ?? null,
    matchTime: message.match_time,
    period: message.period ?? null,
    score: message.score ?? null,
    market: resolveMarket(state, message, index),
    suspended: message.kind === 'suspension' ? (message.suspended ?? true) : null,
    feedMs: feedTime(message, index, nowMs),
    raw: message,
  };
}
