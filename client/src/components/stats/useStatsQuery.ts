import { routes } from '@odds/protocol';
import { apiKey, useCached } from '../../api/queries';
import { runStatsQuery } from './statsQuery';

type Params = Record<string, string | number | boolean | null>;
const NONE: never[] = [];

/**
 * The rows of a named statistics query through the query cache, keyed under the stats route with
 * the query and its parameters (two panels asking the same share one read). Failures are only
 * logged (runStatsQuery): no rows. Nothing is asked while `enabled` is false.
 */
export function useStatsQuery<T>(sportId: number, query: string, params: Params, enabled = true): T[] {
  const found = useCached([...apiKey(routes.statsQuery, { s: sportId }), query, params], (signal) => runStatsQuery<T>(sportId, query, params, signal), {
    enabled,
  });
  return enabled ? (found.data ?? NONE) : NONE;
}
