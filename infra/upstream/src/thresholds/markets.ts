import { and, asc, eq, sql } from 'drizzle-orm';
import type { ListReply, MatchMarket } from '@odds/protocol';
import type { Db } from '../db/client';
import { marketTypes, matchContents, markets, matches } from '../db/schema';
import { Errors } from '../errors';
import { toMarket } from '../catalog/markets';

/**
 * The markets of a match's provider and sport, for its Thresholds tab, each flagged when the
 * match has content for it: content for the market itself, or content written for the market's
 * type (match content may name a type instead of a market). Only those with content unless `all`.
 */
export async function matchMarkets(db: Db, matchId: number, all: boolean): Promise<ListReply<MatchMarket>> {
  const [match] = await db.select({ providerId: matches.providerId, sportId: matches.sportId }).from(matches).where(eq(matches.id, matchId));
  if (!match) throw new Errors.NotFound('Match', matchId);
  const hasContent = sql<boolean>`exists (select 1 from ${matchContents} mc where mc.match_id = ${matchId} and (mc.market_id = ${markets.id} or (mc.market_id is null and mc.market_type_id = ${markets.typeId})))`;
  const rows = await db
    .select({ market: markets, type: marketTypes, hasContent })
    .from(markets)
    .innerJoin(marketTypes, eq(marketTypes.id, markets.typeId))
    .where(and(eq(markets.providerId, match.providerId), eq(markets.sportId, match.sportId), all ? undefined : hasContent))
    .orderBy(asc(markets.id));
  const results = rows.map((row) => ({ ...toMarket(row.market, row.type), has_content: Boolean(row.hasContent) }));
  return { results, total: results.length, limit: Math.max(1, results.length) };
}
