import { eq } from 'drizzle-orm';
import type { Queryable } from './client';
import { marketTypes, markets } from './schema';

export interface MarketWithType {
  market: typeof markets.$inferSelect;
  type: typeof marketTypes.$inferSelect;
}

/**
 * A market with its type, or null when no market has this id: read by the catalog, the threshold
 * rules and the content compiler alike, so it sits below all three.
 */
export async function marketWithType(db: Queryable, marketId: number): Promise<MarketWithType | null> {
  const [row] = await db
    .select({ market: markets, type: marketTypes })
    .from(markets)
    .innerJoin(marketTypes, eq(marketTypes.id, markets.typeId))
    .where(eq(markets.id, marketId));
  return row ?? null;
}
