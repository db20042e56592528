import type { ProviderEntity, RouteDef } from '@odds/protocol';
import { useCallback } from 'react';
import { invalidateRoute } from '../api/queries';
import { useProviderChanges } from './useProviderChanges';

/**
 * A list screen of one kind of a provider's records kept live: when any console saves, adds or
 * deletes one, every read of `reads` (the list, and each open form of one record) reads again and
 * the record is marked with who changed it. `invalidate` is for the screen's own writes; `reads`
 * should be a constant, so that `invalidate` stays the same function.
 */
export function useRecordChanges(entity: ProviderEntity, reads: readonly RouteDef[]) {
  const invalidate = useCallback(() => Promise.all(reads.map((route) => invalidateRoute(route))), [reads]);
  const { markOf } = useProviderChanges([entity], invalidate);
  const changedBy = useCallback((id: number) => markOf(entity, id), [markOf, entity]);
  return { invalidate, changedBy };
}
