import { and, eq, inArray } from 'drizzle-orm';
import { standardMarketRows } from '../catalog/standard-markets';
import type { Tx } from '../db/client';
import { marketTypes, markets, providerSports, providers, ruleSetMarkets, ruleSets } from '../db/schema';
import { MARKET_TYPES } from '../events/outcomes';

/**
 * Demo markets: every market type of events/outcomes.ts (a migrated database has them already:
 * reference data), then for each active provider and each of its sports the standard markets
 * (catalog/standard-markets.ts) and the demo's rule sets.
 */

/** Rule sets per provider and sport: which markets content may go out for. */
const RULE_SETS: Record<number, [en: string, es: string, typeIds: number[]][]> = {
  1: [
    ['Result markets', 'Mercados de resultado', [1, 7, 12, 14]],
    ['Goal markets', 'Mercados de goles', [2, 3, 10]],
    ['Headline markets', 'Mercados principales', [1, 2, 10]],
  ],
  2: [['All markets', 'Todos los mercados', [201, 202, 214]]],
  3: [['All markets', 'Todos los mercados', [301, 302, 303]]],
  4: [['All markets', 'Todos los mercados', [401, 402, 414]]],
};

export async function seedMarkets(tx: Tx): Promise<void> {
  await tx
    .insert(marketTypes)
    .values(MARKET_TYPES.map(({ id, sportId, name, outcomes, evaluator }) => ({ id, sportId, name, outcomes, evaluator })))
    .onConflictDoNothing();
  const active = await tx
    .select({ id: providers.id, languages: providers.meta, sportId: providerSports.sportId })
    .from(providers)
    .innerJoin(providerSports, eq(providerSports.providerId, providers.id))
    .where(eq(providers.active, true))
    .orderBy(providers.id, providerSports.sportId);
  for (const { id: providerId, languages, sportId } of active) {
    const spanish = languages.languages[0]?.startsWith('es') ?? false;
    const rows = standardMarketRows(providerId, sportId, spanish, (typeId) => MARKET_TYPES.find((t) => t.id === typeId)?.outcomes);
    if (!rows.length) continue;
    await tx.insert(markets).values(rows);
    for (const [en, es, typeIds] of RULE_SETS[sportId] ?? []) {
      const [set] = await tx
        .insert(ruleSets)
        .values({ providerId, sportId, name: spanish ? es : en })
        .returning({ id: ruleSets.id });
      const members = await tx
        .select({ id: markets.id })
        .from(markets)
        .where(and(eq(markets.providerId, providerId), eq(markets.sportId, sportId), inArray(markets.typeId, typeIds)));
      await tx.insert(ruleSetMarkets).values(members.map((m) => ({ ruleSetId: set!.id, marketId: m.id })));
    }
  }
}
