import type { MarketMeta } from '@odds/protocol';

/**
 * Reads the stat events a market's statistics count from its `meta.queries.bool` (SPEC §3), an
 * event-store bool query of the form `{must: [{terms: {type: [1, 2, 3]}}, {term: {period: 1}}]}`.
 * Only `term`/`terms` on `type` and `period` are understood; anything else is ignored, so a query
 * written for a richer event store narrows no less than it can here. Undefined means no narrowing.
 */
export function marketEventFilter(meta: MarketMeta): { typeIds?: number[]; periods?: number[] } {
  const must = (meta.queries?.bool as { must?: unknown } | undefined)?.must;
  if (!Array.isArray(must)) return {};
  const result: { typeIds?: number[]; periods?: number[] } = {};
  for (const clause of must as Record<string, Record<string, unknown>>[]) {
    for (const [field, key] of [
      ['type', 'typeIds'],
      ['period', 'periods'],
    ] as const) {
      const value = clause?.terms?.[field] ?? clause?.term?.[field];
      const values = (Array.isArray(value) ? value : [value]).filter((v): v is number => Number.isInteger(v));
      if (values.length) result[key] = result[key] ? result[key]!.filter((v) => values.includes(v)) : values;
    }
  }
  return result;
}
