import { scoreNodeName, type FeedMessage, type FeedOfferMessage } from '@odds/protocol';
import { oddsOf, type MappingTable } from './mapping';
import {
  closeMarkets,
  marketName,
  marketSuspension,
  reopenMarkets,
  resolve,
  SKIPPED,
  stopMarkets,
  type MatchMemory,
  type ProviderMarkets,
  type Unknown,
} from './market-state';
import type { UofEventMessage } from './messages';
import { matchStateEvents, periodOf, statusEvents } from './status-events';

export { copyMemory, newMemory, type LabelOf, type MatchMemory, type ProviderMarkets } from './market-state';

export interface Translation {
  messages: FeedMessage[];
  /** What was skipped (and is counted): the rest of the message is translated all the same. */
  unknown: Unknown[];
}

const sentAt = (ms: number) => new Date(ms).toISOString();

type OddsChange = Extract<UofEventMessage, { type: 'odds_change' }>;

/**
 * An odds_change: the status's events, then per market an offer (suspended when the market is not
 * active, or is settled or cancelled), or a suspension of the market when it has no prices. A
 * market lifts only when its own odds are active (market-state.ts).
 */
function oddsChange(message: OddsChange, mapping: MappingTable, provider: ProviderMarkets, memory: MatchMemory, base: string, unknown: Unknown[]) {
  const at = sentAt(message.timestamp);
  const messages: FeedMessage[] = [];
  const status = message.status;
  const clock = status?.clockS ?? null;
  const live = status !== null && status.status >= 1 && (status.matchStatus ?? 0) !== 0;
  if (status) messages.push(...statusEvents(status, memory, `uof:${message.eventId}`, at));
  const prematch = message.product === 3 || !live;
  const score = prematch ? 'PRE' : scoreNodeName({ home: memory.home, away: memory.away });
  const period = prematch ? 0 : periodOf(memory.matchStatus);
  const offers: FeedOfferMessage[] = [];
  for (const market of message.markets) {
    const resolved = resolve(market, mapping, provider, unknown);
    if (!resolved) continue;
    const { row, key } = resolved;
    const outcomes: FeedOfferMessage['outcomes'] = [];
    for (const outcome of market.outcomes) {
      const outcomeKey = row.outcomes[outcome.id];
      const label = outcomeKey ? provider.labelOf(resolved.typeId, resolved.line, outcomeKey) : null;
      if (!outcomeKey || !label) {
        unknown.push({ market: marketName(market), outcome: outcome.id, reason: outcomeKey ? SKIPPED.outcomeNotCarried : SKIPPED.outcomeNotMapped });
        continue;
      }
      // An inactive outcome cannot be backed: it is left out of the offer.
      const odds = outcome.active && outcome.odds !== null ? oddsOf(outcome.odds) : null;
      if (odds !== null) outcomes.push({ label, line: resolved.line, odds });
    }
    const id = `${base}:${market.id}:${market.specifierText}`;
    // The market's offer as priced; sent suspended (never fired on) when the market is not active.
    const offer: FeedOfferMessage = {
      type: 'offer',
      source_id: id,
      sent_at: at,
      market: { type_id: resolved.typeId, line: resolved.line },
      outcomes,
      match_time: prematch ? null : clock,
      prematch,
      score,
      period,
    };
    const closed = memory.closedMarkets.has(key);
    const known = memory.knownMarkets.has(key);
    memory.knownMarkets.add(key);
    if (market.status === 1 && outcomes.length && !closed) {
      // Its own odds active again (or first seen since a restart, when its state is not known): lifted.
      if (memory.suspendedMarkets.delete(key) || !known) messages.push(marketSuspension(`${id}:resume`, at, resolved, false, 'uof market active', clock));
      offers.push(offer);
    } else if (outcomes.length && market.status !== -3 && market.status !== -4) {
      // Suspended, inactive, or closed by a settlement, with prices: stored as a suspended offer, never fired on.
      offers.push({ ...offer, suspended: true });
    } else {
      if (market.status === -3 || market.status === -4) memory.closedMarkets.set(key, market.status === -3 ? 'settled' : 'cancelled');
      if (!memory.suspendedMarkets.has(key)) {
        memory.suspendedMarkets.add(key);
        messages.push(marketSuspension(`${id}:suspend`, at, resolved, true, market.status === -3 ? 'settled' : `uof market status ${market.status}`, clock));
      }
    }
  }
  messages.push(...offers);
  return messages;
}

/**
 * One UOF message of a linked match as the console's feed messages (the odds-feed/1 messages the
 * engine ingests), with what it skipped: a market, line or outcome the mapping or the provider
 * lacks is counted and left out, the rest of the message is kept. `source_id`s are built from the
 * product, timestamp and market, so a message received twice is stored once. Changes `memory`:
 * pass a copy and keep it only once the engine stored the result.
 */
export function translate(message: UofEventMessage, mapping: MappingTable, provider: ProviderMarkets, memory: MatchMemory): Translation {
  const unknown: Unknown[] = [];
  const at = sentAt(message.timestamp);
  const base = `uof:${message.product}:${message.timestamp}`;
  const messages: FeedMessage[] = matchStateEvents(message, memory, base, at);
  switch (message.type) {
    case 'odds_change':
      messages.push(...oddsChange(message, mapping, provider, memory, base, unknown));
      break;
    case 'bet_stop':
      messages.push(...stopMarkets(message, mapping, provider, memory, base, at));
      break;
    case 'bet_settlement':
    case 'bet_cancel':
      messages.push(...closeMarkets(message, mapping, provider, memory, base, at, unknown));
      break;
    case 'rollback_bet_settlement':
    case 'rollback_bet_cancel':
      messages.push(...reopenMarkets(message, mapping, provider, memory, base, at, unknown));
      break;
    case 'fixture_change':
      // Its start time is the adapter's (the match's kick-off); its cancellation is a match state, above.
      break;
  }
  return { messages, unknown };
}
