import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListReply, Market, MarketEvaluator, MarketMeta, MarketType, RuleSet } from '@odds/protocol';
import type { Db } from '../db/client';
import { marketTypes, markets, ruleSetMarkets, ruleSets, sports } from '../db/schema';
import { Errors } from '../errors';
import { likePattern, orderBy, pageSize } from '../db/paging';

type MarketRow = typeof markets.$inferSelect;
type TypeRow = typeof marketTypes.$inferSelect;

export const toMarket = (market: MarketRow, type: TypeRow): Market => ({
  id: market.id,
  version: market.version,
  name: market.name,
  line: market.line,
  type: { id: type.id, name: type.name, outcomes: type.outcomes },
  meta: market.meta,
  helper_args: { dynamic_line: market.dynamicLine },
  outcome_mapping: market.outcomeMapping,
});

const sortable = { id: markets.id, name: markets.name, type: markets.typeId, line: markets.line, last_modified: markets.lastModified };

/** A provider's markets of a sport (the Markets screen), by id unless sorted otherwise. */
export async function listMarkets(
  db: Db,
  providerId: number,
  sportId: number,
  query: { start?: number; limit?: number; order_by?: string; order_dir?: 'asc' | 'desc'; q?: string },
): Promise<ListReply<Market>> {
  const limit = pageSize(query.limit);
  const filters: (SQL | undefined)[] = [eq(markets.providerId, providerId), eq(markets.sportId, sportId)];
  if (query.q?.trim()) filters.push(ilike(markets.name, likePattern(query.q.trim())));
  const where = and(...filters);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ market: markets, type: marketTypes })
      .from(markets)
      .innerJoin(marketTypes, eq(marketTypes.id, markets.typeId))
      .where(where)
      .orderBy(...orderBy(sortable, 'id', markets.id, query.order_by, query.order_dir))
      .limit(limit)
      .offset(query.start ?? 0),
    db.select({ total: count() }).from(markets).where(where),
  ]);
  return { results: rows.map((r) => toMarket(r.market, r.type)), total, limit };
}

/**
 * Checks a market's thresholds against its type: every key is an outcome key, optionally suffixed
 * _min or _max, and a value lies within its own bounds.
 */
function checkThresholds(thresholds: Record<string, number>, type: TypeRow): void {
  for (const key of Object.keys(thresholds)) {
    const outcome = key.replace(/_(min|max)$/, '');
    if (!type.outcomes.includes(outcome)) {
      throw new Errors.BadRequest(`Unknown threshold key '${key}' for ${type.name}; use ${type.outcomes.join(', ')} (each optionally with _min or _max).`);
    }
  }
  for (const outcome of type.outcomes) {
    const [value, min, max] = [thresholds[outcome], thresholds[`${outcome}_min`], thresholds[`${outcome}_max`]];
    if (min !== undefined && max !== undefined && min > max) throw new Errors.BadRequest(`Threshold ${outcome}_min (${min}) is above ${outcome}_max (${max}).`);
    if (value !== undefined && ((min !== undefined && value < min) || (max !== undefined && value > max))) {
      throw new Errors.BadRequest(`Threshold ${outcome} (${value}) must lie within ${outcome}_min (${min ?? '-'}) and ${outcome}_max (${max ?? '-'}).`);
    }
  }
}

/**
 * Saves a market's settings. Numbers typed as text arrive converted by the schema ('85' is 85,
 * '2.5' is 2.5: SPEC §5); fields left out keep their value, so a form that shows only the
 * minutes and thresholds cannot wipe the market's map, queries or summary. `thresholds`, when
 * given, replaces the whole set, so a key can be removed.
 */
export async function saveMarketMeta(db: Db, providerId: number, sportId: number, marketId: number, input: MarketMeta): Promise<Market> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ market: markets, type: marketTypes })
      .from(markets)
      .innerJoin(marketTypes, eq(marketTypes.id, markets.typeId))
      .where(and(eq(markets.id, marketId), eq(markets.providerId, providerId), eq(markets.sportId, sportId)))
      .for('update');
    if (!row) throw new Errors.NotFound('Market', marketId);
    if (input.thresholds) checkThresholds(input.thresholds, row.type);
    const meta: MarketMeta = { ...row.market.meta, ...input };
    const [first, last] = [meta.first_minute, meta.last_minute];
    if (first !== undefined && first !== null && last !== undefined && last !== null && first > last) {
      throw new Errors.BadRequest(`First minute (${first}) is after last minute (${last}).`);
    }
    const [updated] = await tx.update(markets).set({ meta, lastModified: sql`now()` }).where(eq(markets.id, marketId)).returning();
    return toMarket(updated!, row.type);
  });
}

export async function listMarketTypes(db: Db, sportId: number): Promise<ListReply<MarketType>> {
  const [sport] = await db.select({ id: sports.id }).from(sports).where(eq(sports.id, sportId));
  if (!sport) throw new Errors.NotFound('Sport', sportId);
  const rows = await db.select().from(marketTypes).where(eq(marketTypes.sportId, sportId)).orderBy(asc(marketTypes.id));
  return {
    results: rows.map((t) => ({ id: t.id, name: t.name, outcomes: t.outcomes, evaluator: t.evaluator as MarketEvaluator | null })),
    total: rows.length,
    limit: Math.max(1, rows.length),
  };
}

export async function listRuleSets(db: Db, providerId: number, sportId: number): Promise<ListReply<RuleSet>> {
  const sets = await db
    .select()
    .from(ruleSets)
    .where(and(eq(ruleSets.providerId, providerId), eq(ruleSets.sportId, sportId)))
    .orderBy(asc(ruleSets.id));
  const members = sets.length
    ? await db
        .select({ ruleSetId: ruleSetMarkets.ruleSetId, id: markets.id, name: markets.name })
        .from(ruleSetMarkets)
        .innerJoin(markets, eq(markets.id, ruleSetMarkets.marketId))
        .where(
          inArray(
            ruleSetMarkets.ruleSetId,
            sets.map((s) => s.id),
          ),
        )
        .orderBy(asc(markets.id))
    : [];
  return {
    results: sets.map((set) => ({ id: set.id, name: set.name, markets: members.filter((m) => m.ruleSetId === set.id).map(({ id, name }) => ({ id, name })) })),
    total: sets.length,
    limit: Math.max(1, sets.length),
  };
}
