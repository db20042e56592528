import { scoreNodeName, type FeedEventMessage, type FeedMessage, type FeedOfferMessage } from '@odds/protocol';
import { lineOf, oddsOf, type MappingTable } from './mapping';
import type { UofEventMessage, UofEventStatus, UofMarket } from './messages';

/** The provider's label for an outcome key of a market (its outcome mapping), null when it has no such market. */
export type LabelOf = (typeId: number, line: number | null, key: string) => string | null;

/** What the adapter remembers of a linked match between messages (to turn states into events). */
export interface MatchMemory {
  /** Last UOF match_status code seen, null before the first. */
  matchStatus: number | null;
  home: number;
  away: number;
  /** Markets (`type:line`) the adapter suspended by an event, and whether the whole match is. */
  suspendedMarkets: Set<string>;
  matchSuspended: boolean | null;
}

export const newMemory = (): MatchMemory => ({ matchStatus: null, home: 0, away: 0, suspendedMarkets: new Set(), matchSuspended: null });

/** A market or outcome UOF sent that the mapping or the provider does not know (counted, never fatal). */
interface Unknown {
  market: string;
  outcome: string | null;
}

export interface Translation {
  messages: FeedMessage[];
  unknown: Unknown[];
}

/** UOF match_status codes to our period: 6/7 halves, 41/42 extra time, 50 penalties. */
const PERIOD_OF: Record<number, number> = { 6: 1, 7: 2, 41: 3, 42: 4, 50: 5 };
/** Pauses and the end: which period they close. */
const PAUSE_AFTER: Record<number, number> = { 31: 1, 32: 2, 33: 3, 34: 4 };
const ENDED = new Set([100, 110, 120]);

const sentAt = (ms: number) => new Date(ms).toISOString();
const marketKey = (typeId: number, line: number | null) => `${typeId}:${line ?? '-'}`;

/** The period a status code is in (half-time counts as the period it ended). */
function periodOf(code: number | null): number | null {
  if (code === null) return null;
  return PERIOD_OF[code] ?? PAUSE_AFTER[code] ?? null;
}

/** Score, clock and period changes of an odds_change's sport_event_status as match events. */
function statusEvents(status: UofEventStatus, memory: MatchMemory, base: string, at: string): FeedEventMessage[] {
  const events: FeedEventMessage[] = [];
  const code = status.matchStatus;
  const clock = status.clockS;
  const before = memory.matchStatus;
  if (code !== null && code !== before) {
    const wasPeriod = before === null ? null : (PERIOD_OF[before] ?? null);
    if (wasPeriod !== null && (PAUSE_AFTER[code] === wasPeriod || ENDED.has(code) || (PERIOD_OF[code] ?? 0) > wasPeriod)) {
      events.push({
        type: 'event',
        source_id: `${base}:period_end:${wasPeriod}`,
        sent_at: at,
        kind: 'period_end',
        period: wasPeriod,
        match_time: clock,
        score: scoreNodeName({ home: memory.home, away: memory.away }),
      });
    }
    const period = PERIOD_OF[code];
    if (period !== undefined)
      events.push({
        type: 'event',
        source_id: `${base}:period_start:${period}`,
        sent_at: at,
        kind: 'period_start',
        period,
        match_time: clock ?? 0,
        score: scoreNodeName({ home: memory.home, away: memory.away }),
      });
    memory.matchStatus = code;
  }
  const home = status.home ?? memory.home;
  const away = status.away ?? memory.away;
  // One goal event per goal, so several goals between two messages each count.
  for (let n = memory.home + 1; n <= home; n += 1)
    events.push({
      type: 'event',
      source_id: `${base}:goal:H${n}-A${memory.away}`,
      sent_at: at,
      kind: 'goal',
      side: 'home',
      match_time: clock,
      period: periodOf(memory.matchStatus),
      score: scoreNodeName({ home: n, away: memory.away }),
    });
  memory.home = Math.max(memory.home, home);
  for (let n = memory.away + 1; n <= away; n += 1)
    events.push({
      type: 'event',
      source_id: `${base}:goal:H${memory.home}-A${n}`,
      sent_at: at,
      kind: 'goal',
      side: 'away',
      match_time: clock,
      period: periodOf(memory.matchStatus),
      score: scoreNodeName({ home: memory.home, away: n }),
    });
  memory.away = Math.max(memory.away, away);
  if (code !== null && ENDED.has(code) && before !== code) {
    events.push({
      type: 'event',
      source_id: `${base}:match_end`,
      sent_at: at,
      kind: 'match_end',
      match_time: clock,
      score: scoreNodeName({ home: memory.home, away: memory.away }),
    });
  }
  return events;
}

interface Resolved {
  typeId: number;
  line: number | null;
}

function resolve(market: UofMarket, mapping: MappingTable, unknown: Unknown[]): Resolved | null {
  const row = mapping.get(market.id);
  const name = market.specifierText ? `${market.id} (${market.specifierText})` : String(market.id);
  if (!row) {
    unknown.push({ market: name, outcome: null });
    return null;
  }
  let line: number | null = null;
  if (row.lineSpecifier) {
    const value = market.specifiers[row.lineSpecifier];
    line = value === undefined ? null : lineOf(row.lineSpecifier, value);
    if (line === null) {
      unknown.push({ market: name, outcome: null });
      return null;
    }
  }
  return { typeId: row.typeId, line };
}

/**
 * One UOF message of a linked match as the console's feed messages (the odds-feed/1 messages the
 * engine ingests), with the markets and outcomes it could not map. `source_id`s are built from
 * the product, timestamp and market, so a message received twice is stored once.
 */
export function translate(message: UofEventMessage, mapping: MappingTable, labelOf: LabelOf, memory: MatchMemory): Translation {
  const unknown: Unknown[] = [];
  const messages: FeedMessage[] = [];
  const at = sentAt(message.timestamp);
  const base = `uof:${message.product}:${message.timestamp}`;
  switch (message.type) {
    case 'odds_change': {
      const status = message.status;
      const live = status !== null && status.status >= 1 && (status.matchStatus ?? 0) !== 0;
      if (status) messages.push(...statusEvents(status, memory, `uof:${message.eventId}`, at));
      const prematch = message.product === 3 || !live;
      const score = prematch ? 'PRE' : scoreNodeName({ home: memory.home, away: memory.away });
      const period = prematch ? 0 : periodOf(memory.matchStatus);
      const offers: FeedOfferMessage[] = [];
      let anyActive = false;
      for (const market of message.markets) {
        const resolved = resolve(market, mapping, unknown);
        if (!resolved) continue;
        const row = mapping.get(market.id)!;
        const outcomes: FeedOfferMessage['outcomes'] = [];
        for (const outcome of market.outcomes) {
          const key = row.outcomes[outcome.id];
          const label = key ? labelOf(resolved.typeId, resolved.line, key) : null;
          if (!key || !label) {
            unknown.push({ market: market.specifierText ? `${market.id} (${market.specifierText})` : String(market.id), outcome: outcome.id });
            continue;
          }
          // An inactive outcome cannot be backed: it is left out of the offer.
          const odds = outcome.active && outcome.odds !== null ? oddsOf(outcome.odds) : null;
          if (odds !== null) outcomes.push({ label, line: resolved.line, odds });
        }
        const key = marketKey(resolved.typeId, resolved.line);
        const ref = { type_id: resolved.typeId, line: resolved.line };
        // The market's offer as priced; sent suspended (never fired on) when the market is not active.
        const offer: FeedOfferMessage = {
          type: 'offer',
          source_id: `${base}:${market.id}:${market.specifierText}`,
          sent_at: at,
          market: ref,
          outcomes,
          match_time: prematch ? null : (status?.clockS ?? null),
          prematch,
          score,
          period,
        };
        if (market.status === 1 && outcomes.length) {
          anyActive = true;
          if (memory.suspendedMarkets.delete(key))
            messages.push({
              type: 'event',
              source_id: `${base}:${market.id}:${market.specifierText}:resume`,
              sent_at: at,
              kind: 'suspension',
              suspended: false,
              market: ref,
              match_time: status?.clockS ?? null,
              reason: 'uof market active',
            });
          offers.push(offer);
        } else if (outcomes.length && market.status !== -3 && market.status !== -4) {
          // Suspended or inactive with prices: stored as a suspended offer, never fired on.
          offers.push({ ...offer, suspended: true });
        } else if (!memory.suspendedMarkets.has(key)) {
          memory.suspendedMarkets.add(key);
          messages.push({
            type: 'event',
            source_id: `${base}:${market.id}:${market.specifierText}:suspend`,
            sent_at: at,
            kind: 'suspension',
            suspended: true,
            market: ref,
            match_time: status?.clockS ?? null,
            reason: market.status === -3 ? 'settled' : `uof market status ${market.status}`,
          });
        }
      }
      // Prices again after a bet_stop (or after a restart, when we cannot know): the stop is over.
      if (anyActive && memory.matchSuspended !== false) {
        messages.push({
          type: 'event',
          source_id: `${base}:resume`,
          sent_at: at,
          kind: 'suspension',
          suspended: false,
          match_time: status?.clockS ?? null,
          reason: 'uof odds_change',
        });
        memory.matchSuspended = false;
      }
      messages.push(...offers);
      break;
    }
    case 'bet_stop':
      // Groups other than `all` name market groups our mapping has no notion of: the whole match stops.
      messages.push({
        type: 'event',
        source_id: `${base}:bet_stop`,
        sent_at: at,
        kind: 'suspension',
        suspended: true,
        match_time: null,
        reason: `uof bet_stop ${message.groups.join('|')}`,
      });
      memory.matchSuspended = true;
      break;
    case 'bet_settlement':
    case 'bet_cancel':
      for (const market of message.markets) {
        const resolved = resolve(market, mapping, unknown);
        if (!resolved) continue;
        memory.suspendedMarkets.add(marketKey(resolved.typeId, resolved.line));
        messages.push({
          type: 'event',
          source_id: `${base}:${market.id}:${market.specifierText}:${message.type}`,
          sent_at: at,
          kind: 'suspension',
          suspended: true,
          market: { type_id: resolved.typeId, line: resolved.line },
          match_time: null,
          reason: message.type === 'bet_settlement' ? 'settled' : 'cancelled',
        });
      }
      break;
    default:
      // fixture_change and rollbacks change no offer; the adapter handles fixture_change itself.
      break;
  }
  return { messages, unknown };
}
