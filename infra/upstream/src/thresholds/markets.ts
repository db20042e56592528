import { and, asc, eq, sql } from 'drizzle-orm';
import type { ListReply, Market, MatchMarket } from '@odds/protocol';
import type { Db, Tx } from '../db/client';
import { marketTypes, matchContents, markets, matches } from '../db/schema';
import { Errors } from '../errors';

export type MarketRow = typeof markets.$inferSelect;
export type MarketTypeRow = typeof marketTypes.$inferSelect;
export interface MarketWithType { market: MarketRow; type: MarketTypeRow }

export function toMarket({ market, type }: MarketWithType): Market {
  return {
    id: market.id,
    version: market.version,
    name: market.name,
    line: market.line,
    type: { id: type.id, name: type.name, outcomes: type.outcomes },
    meta: market.meta,
    helper_args: { dynamic_line: market.dynamicLine },
    outcome_mapping: market.outcomeMapping,
  };
}

export async function marketWithType(db: Db | Tx, marketId: number): Promise<MarketWithType | null> {
  const [row] = await db.select({ market: markets, type: marketTypes }).from(markets)
    .innerJoin(marketTypes, eq(marketTypes.id, markets.typeId)).where(eq(markets.id, marketId));
  return row ?? null;
}

/**
 * The markets of a match's provider and sport, for its Thresholds tab, each flagged when the
 * match has content for it: content for the market itself, or content written for the market's
 * type (match content may name a type instead of a market). Only those with content unless `all`.
 */
export async function matchMarkets(db: Db, matchId: number, all: boolean): Promise<ListReply<MatchMarket>> {
  const [match] = await db.select({ providerId: matches.providerId, sportId: matches.sportId }).from(matches).where(eq(matches.id, matchId));
  if (!match) throw new Errors.NotFound('Match', matchId);
  const hasContent = sql<boolean>`exists (select 1 from ${matchContents} mc where mc.match_id = ${matchId} and (mc.market_id = ${markets.id} or (mc.market_id is null and mc.market_type_id = ${markets.typeId})))`;
  const rows = await db.select({ market: markets, type: marketTypes, hasContent }).from(markets)
    .innerJoin(marketTypes, eq(marketTypes.id, markets.typeId))
    .where(and(eq(markets.providerId, match.providerId), eq(markets.sportId, match.sportId), all ? undefined : hasContent))
    .orderBy(asc(markets.id));
  const results = rows.map((row) => ({ ...toMarket(row), has_content: Boolean(row.hasContent) }));
  return { results, total: results.length, limit: Math.max(1, results.length) };
}

