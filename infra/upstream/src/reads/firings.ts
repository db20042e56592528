import { and, desc, eq, sql } from 'drizzle-orm';
import type { Firing, ListReply, ThresholdType } from '@odds/protocol';
import { assertMatch } from '../catalog/matches';
import type { Db } from '../db/client';
import { markets, offers, thresholdFirings, thresholdSets } from '../db/schema';
import { pageSize } from '../db/paging';

export interface FiringsQuery {
  start?: number;
  limit?: number;
  market_id?: number;
  threshold_set_id?: number;
  offer_id?: number;
  outcome?: string;
}

/** A match's firings, newest (feed clock) first, filtered by market, set, offer or fired outcome. */
export async function matchFirings(db: Db, matchId: number, query: FiringsQuery): Promise<ListReply<Firing>> {
  await assertMatch(db, matchId);
  const limit = pageSize(query.limit);
  const where = and(
    eq(thresholdFirings.matchId, matchId),
    query.market_id ? eq(thresholdFirings.marketId, query.market_id) : undefined,
    query.threshold_set_id ? eq(thresholdFirings.thresholdSetId, query.threshold_set_id) : undefined,
    query.offer_id ? eq(thresholdFirings.offerId, query.offer_id) : undefined,
    query.outcome ? sql`${thresholdFirings.outcomes} @> ${JSON.stringify([query.outcome])}::jsonb` : undefined,
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ f: thresholdFirings, marketName: markets.name, setType: thresholdSets.type, odds: offers.outcomeMap })
      .from(thresholdFirings)
      .innerJoin(markets, eq(markets.id, thresholdFirings.marketId))
      .leftJoin(thresholdSets, eq(thresholdSets.id, thresholdFirings.thresholdSetId))
      .leftJoin(offers, eq(offers.id, thresholdFirings.offerId))
      .where(where)
      .orderBy(desc(thresholdFirings.feedAt), desc(thresholdFirings.id))
      .limit(limit)
      .offset(query.start ?? 0),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(thresholdFirings)
      .where(where),
  ]);
  return {
    results: rows.map(({ f, marketName, setType, odds }) => ({
      id: f.id,
      match_id: f.matchId,
      offer_id: f.offerId,
      market: { id: f.marketId, name: marketName },
      threshold_set: { id: f.thresholdSetId, type: (setType ?? null) as ThresholdType | null },
      // Firings stored before the details were kept (migration 0008) name their outcomes only: odds from their offer.
      outcomes:
        f.details ??
        f.outcomes.map((outcome) => ({
          outcome,
          odds: odds?.[outcome] ?? null,
          reference_odds: null,
          reference_at: null,
          why: `${outcome} fired (stored before reasons were kept)`,
        })),
      match_time: f.matchTime,
      sent_at: f.feedAt.toISOString(),
      created_at: f.createdAt.toISOString(),
    })),
    total,
    limit,
  };
}
