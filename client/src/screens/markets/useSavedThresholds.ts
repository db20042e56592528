import { routes, type SavedThreshold } from '@odds/protocol';
import { useCallback } from 'react';
import { api } from '../../api/client';
import { inMemoryGetList, useList } from '../../components/table';

/** The saved thresholds of a market (the table under the settings form), and their deletion. */
export function useSavedThresholds(marketId: number | null) {
  const list = useList<SavedThreshold>({
    key: 'thresholds',
    getList: inMemoryGetList(async (signal) => {
      if (!marketId) return [];
      const reply = await api(routes.marketThresholds, { params: { marketId }, signal });
      return reply.results;
    }),
    deps: [marketId],
    enabled: marketId !== null,
    defaultSort: 'id',
    sortFields: ['id', 'type'],
  });

  /** Deletes after the operator confirmed ('Are you sure?', SPEC §2 Markets). */
  const remove = useCallback(
    async (threshold: SavedThreshold) => {
      if (!window.confirm('Are you sure?')) return;
      try {
        await api(routes.savedThresholdDelete, { params: { thresholdId: threshold.id } });
      } catch {
        // Shown by the API client.
      }
      list.reload();
    },
    [list],
  );

  return { list, remove };
}
