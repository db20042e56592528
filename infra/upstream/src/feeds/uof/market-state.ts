import type { FeedEventMessage, FeedMatchState } from '@odds/protocol';
import { defaultGroupsOf, stopsMarket, type GroupsOf } from './market-groups';
import { lineOf, type MappingTable, type UofMarketMapping } from './mapping';
import type { UofEventMessage, UofMarket } from './messages';

/**
 * Market state per market (docs/feeds-uof.md "Market state"): what a linked match's markets are as
 * UOF last said, so each message changes only the markets it names. A `bet_stop` suspends the
 * markets of its groups; a market lifts only when its own odds_change has it active; a settled or
 * cancelled market stays suspended whatever its odds say until a rollback opens it again; a
 * cancellation of a time window only (start_time/end_time) closes nothing.
 */

/** The provider's label for an outcome key of a market (its outcome mapping), null when it has no such market. */
export type LabelOf = (typeId: number, line: number | null, key: string) => string | null;

export interface MarketRef {
  typeId: number;
  line: number | null;
}

/** What the match's provider carries: outcome labels, and its markets of the match's sport (for a bet_stop of every market). */
export interface ProviderMarkets {
  labelOf: LabelOf;
  /** In the engine's order (by id): a line no market has exactly is the first dynamic-line market of its type, as the engine resolves it. */
  markets: readonly (MarketRef & { dynamicLine?: boolean })[];
  groupsOf?: GroupsOf;
}

/**
 * What the adapter remembers of a linked match between messages (to turn states into events). The
 * adapter changes its copy only once the engine stored what the message became (copyMemory).
 */
export interface MatchMemory {
  /** Last UOF match_status code seen, null before the first. */
  matchStatus: number | null;
  home: number;
  away: number;
  /** Markets (`type:line`) suspended by an event of ours. */
  suspendedMarkets: Set<string>;
  /** Markets whose state this memory has sent; any other is lifted by its first active odds (after a restart we cannot know). */
  knownMarkets: Set<string>;
  /** Markets settled or cancelled: their odds do not lift them until the rollback. */
  closedMarkets: Map<string, 'settled' | 'cancelled'>;
  /** The state last sent when it is not the usual course (cancelled, postponed, …), else null. */
  matchState: FeedMatchState | null;
}

export const newMemory = (): MatchMemory => ({
  matchStatus: null,
  home: 0,
  away: 0,
  suspendedMarkets: new Set(),
  knownMarkets: new Set(),
  closedMarkets: new Map(),
  matchState: null,
});

export const copyMemory = (m: MatchMemory): MatchMemory => ({
  ...m,
  suspendedMarkets: new Set(m.suspendedMarkets),
  knownMarkets: new Set(m.knownMarkets),
  closedMarkets: new Map(m.closedMarkets),
});

/** A market, outcome or message part UOF sent that the adapter skipped, and why (counted per market and line, never fatal). */
export interface Unknown {
  market: string;
  outcome: string | null;
  reason: string;
}

export const SKIPPED = {
  notMapped: 'no mapping for this UOF market',
  lineUnread: 'its line specifier is missing or not a number',
  notCarried: "the match's provider has no such market or line",
  outcomeNotMapped: 'no mapping for this outcome',
  outcomeNotCarried: "the provider's market has no label for this outcome",
} as const;

const marketKey = (typeId: number, line: number | null) => `${typeId}:${line ?? '-'}`;
export const marketName = (market: UofMarket) => (market.specifierText ? `${market.id} (${market.specifierText})` : String(market.id));

export interface Resolved extends MarketRef {
  row: UofMarketMapping;
  key: string;
}

/** A UOF market as one of the provider's markets, or null (counted in `unknown`) when unmapped or not carried. */
export function resolve(market: UofMarket, mapping: MappingTable, provider: ProviderMarkets, unknown: Unknown[]): Resolved | null {
  const row = mapping.get(market.id);
  const skip = (reason: string) => {
    unknown.push({ market: marketName(market), outcome: null, reason });
    return null;
  };
  if (!row) return skip(SKIPPED.notMapped);
  let line: number | null = null;
  if (row.lineSpecifier) {
    const value = market.specifiers[row.lineSpecifier];
    line = value === undefined ? null : lineOf(row.lineSpecifier, value);
    if (line === null) return skip(SKIPPED.lineUnread);
  }
  // A line (or market) the provider does not carry is skipped whole: anything sent about it the engine would refuse.
  if (!Object.values(row.outcomes).some((key) => provider.labelOf(row.typeId, line, key) !== null)) return skip(SKIPPED.notCarried);
  return { row, typeId: row.typeId, line, key: keyOf(provider, row.typeId, line) };
}

/** The state key of the provider's market a type and line resolve to: a dynamic-line market is one market whatever its line. */
function keyOf(provider: ProviderMarkets, typeId: number, line: number | null): string {
  if (provider.markets.some((m) => m.typeId === typeId && m.line === line)) return marketKey(typeId, line);
  const dynamic = provider.markets.find((m) => m.typeId === typeId && m.dynamicLine);
  return marketKey(typeId, dynamic ? dynamic.line : line);
}

export function marketSuspension(id: string, at: string, market: MarketRef, suspended: boolean, reason: string, clock: number | null = null): FeedEventMessage {
  return {
    type: 'event',
    source_id: id,
    sent_at: at,
    kind: 'suspension',
    suspended,
    market: { type_id: market.typeId, line: market.line },
    match_time: clock,
    reason,
  };
}

type Stop = Extract<UofEventMessage, { type: 'bet_stop' }>;
type Closing = Extract<UofEventMessage, { type: 'bet_settlement' | 'bet_cancel' }>;
type Rollback = Extract<UofEventMessage, { type: 'rollback_bet_settlement' | 'rollback_bet_cancel' }>;

/** A bet_stop: every carried market of a UOF market in its groups (all of them for `all`) not yet suspended. */
export function stopMarkets(
  message: Stop,
  mapping: MappingTable,
  provider: ProviderMarkets,
  memory: MatchMemory,
  base: string,
  at: string,
): FeedEventMessage[] {
  const groupsOf = provider.groupsOf ?? defaultGroupsOf;
  const reason = `uof bet_stop ${message.groups.join('|')}`;
  const events: FeedEventMessage[] = [];
  for (const market of provider.markets) {
    const rows = mapping.rows().filter((r) => r.typeId === market.typeId);
    if (!rows.some((r) => stopsMarket(message.groups, r.uofMarketId, groupsOf))) continue;
    const key = marketKey(market.typeId, market.line);
    memory.knownMarkets.add(key);
    if (memory.suspendedMarkets.has(key)) continue;
    memory.suspendedMarkets.add(key);
    events.push(marketSuspension(`${base}:bet_stop:${key}`, at, market, true, reason));
  }
  return events;
}

/** A bet_settlement or bet_cancel closes each market it names (a cancellation of a time window only closes none). */
export function closeMarkets(
  message: Closing,
  mapping: MappingTable,
  provider: ProviderMarkets,
  memory: MatchMemory,
  base: string,
  at: string,
  unknown: Unknown[],
) {
  if (message.type === 'bet_cancel' && (message.startTime !== null || message.endTime !== null)) return [];
  const closed = message.type === 'bet_settlement' ? 'settled' : 'cancelled';
  const events: FeedEventMessage[] = [];
  for (const market of message.markets) {
    const resolved = resolve(market, mapping, provider, unknown);
    if (!resolved) continue;
    memory.closedMarkets.set(resolved.key, closed);
    memory.suspendedMarkets.add(resolved.key);
    memory.knownMarkets.add(resolved.key);
    events.push(marketSuspension(`${base}:${market.id}:${market.specifierText}:${message.type}`, at, resolved, true, closed));
  }
  return events;
}

/**
 * A rollback opens again what its settlement or cancellation closed: the market stays suspended
 * (its old prices are stale) until its own odds_change has it active, which now lifts it.
 */
export function reopenMarkets(
  message: Rollback,
  mapping: MappingTable,
  provider: ProviderMarkets,
  memory: MatchMemory,
  base: string,
  at: string,
  unknown: Unknown[],
) {
  if (message.type === 'rollback_bet_cancel' && (message.startTime !== null || message.endTime !== null)) return [];
  const undone = message.type === 'rollback_bet_settlement' ? 'settled' : 'cancelled';
  const events: FeedEventMessage[] = [];
  for (const market of message.markets) {
    const resolved = resolve(market, mapping, provider, unknown);
    if (!resolved || memory.closedMarkets.get(resolved.key) !== undone) continue;
    memory.closedMarkets.delete(resolved.key);
    memory.suspendedMarkets.add(resolved.key);
    const reason = `uof ${message.type}: suspended until its next odds`;
    events.push(marketSuspension(`${base}:${market.id}:${market.specifierText}:${message.type}`, at, resolved, true, reason));
  }
  return events;
}
