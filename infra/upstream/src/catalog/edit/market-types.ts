import { asc, count, eq } from 'drizzle-orm';
import type { CatalogMarketType, MarketEvaluator, MarketTypeCreateInput, MarketTypeUpdateInput } from '@odds/protocol';
import type { Db } from '../../db/client';
import { markets, marketTypes, sports } from '../../db/schema';
import { Errors } from '../../errors';
import { required } from './synced';

type Row = typeof marketTypes.$inferSelect;

const toType = (row: Row): CatalogMarketType => ({
  id: row.id,
  version: row.version,
  sport_id: row.sportId,
  name: row.name,
  outcomes: row.outcomes,
  evaluator: row.evaluator as MarketEvaluator | null,
});

export async function listCatalogMarketTypes(db: Db): Promise<CatalogMarketType[]> {
  return (await db.select().from(marketTypes).orderBy(asc(marketTypes.id))).map(toType);
}

async function assertSport(db: Db, sportId: number): Promise<void> {
  const [sport] = await db.select({ id: sports.id }).from(sports).where(eq(sports.id, sportId));
  if (!sport) throw new Errors.BadRequest(`Unknown sport ${sportId}: choose a sport the console knows.`);
}

export async function createMarketType(db: Db, input: MarketTypeCreateInput): Promise<CatalogMarketType> {
  await assertSport(db, input.sport_id);
  const [taken] = await db.select({ name: marketTypes.name }).from(marketTypes).where(eq(marketTypes.id, input.id));
  if (taken) throw new Errors.BadRequest(`Market type ${input.id} already exists (${taken.name}): choose another id.`);
  const [row] = await db
    .insert(marketTypes)
    .values({ id: input.id, sportId: input.sport_id, name: required(input.name, 'The market type name'), outcomes: input.outcomes, evaluator: input.evaluator })
    .returning();
  return toType(row!);
}

/**
 * A market type's sport, name, outcome keys and evaluator. While markets use it, thresholds and
 * outcome mappings name its keys: keys may then be added, not taken away, and its sport stays.
 */
export async function updateMarketType(db: Db, typeId: number, input: MarketTypeUpdateInput): Promise<CatalogMarketType> {
  const [stored] = await db.select().from(marketTypes).where(eq(marketTypes.id, typeId));
  if (!stored) throw new Errors.NotFound('Market type', typeId);
  await assertSport(db, input.sport_id);
  const [{ used } = { used: 0 }] = await db.select({ used: count() }).from(markets).where(eq(markets.typeId, typeId));
  if (used > 0) {
    const removed = stored.outcomes.filter((key) => !input.outcomes.includes(key));
    if (removed.length)
      throw new Errors.BadRequest(`Market type ${typeId} is used by ${used} market(s): outcome ${removed.join(', ')} cannot be removed (keys may be added).`);
    if (input.sport_id !== stored.sportId) throw new Errors.BadRequest(`Market type ${typeId} is used by ${used} market(s): its sport cannot change.`);
  }
  const [row] = await db
    .update(marketTypes)
    .set({ sportId: input.sport_id, name: required(input.name, 'The market type name'), outcomes: input.outcomes, evaluator: input.evaluator })
    .where(eq(marketTypes.id, typeId))
    .returning();
  return toType(row!);
}
