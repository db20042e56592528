import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { markets } from '../../db/schema';
import type { LabelOf, ProviderMarkets } from './market-state';

/**
 * A provider's markets of a sport as the translation needs them: the label of each outcome key per
 * market type and line (a dynamic-line market answers for any line of its type), and the markets
 * themselves (a bet_stop of every market suspends each).
 */
export async function readProviderMarkets(db: Db, providerId: number, sportId: number): Promise<ProviderMarkets> {
  const rows = await db
    .select({ typeId: markets.typeId, line: markets.line, dynamicLine: markets.dynamicLine, mapping: markets.outcomeMapping })
    .from(markets)
    .where(and(eq(markets.providerId, providerId), eq(markets.sportId, sportId)))
    .orderBy(asc(markets.id));
  const exact = new Map(rows.map((r) => [`${r.typeId}:${r.line ?? '-'}`, r.mapping]));
  const dynamic = new Map(rows.filter((r) => r.dynamicLine).map((r) => [r.typeId, r.mapping]));
  const labelOf: LabelOf = (typeId, line, outcome) => (exact.get(`${typeId}:${line ?? '-'}`) ?? dynamic.get(typeId))?.[outcome] ?? null;
  return { labelOf, markets: rows.map((r) => ({ typeId: r.typeId, line: r.line, dynamicLine: r.dynamicLine })) };
}
