import { routes, type SavedThreshold } from '@odds/protocol';
import { useCallback } from 'react';
import { api } from '../../api/client';
import { inMemoryGetList, useList } from '../../components/table';
import { useProviderChanges } from '../../live/useProviderChanges';
import { ask } from '../../components/question';

/** The saved thresholds of a market (the table under the settings form), and their deletion. */
export function useSavedThresholds(marketId: number | null) {
  const list = useList<SavedThreshold>({
    key: 'thresholds',
    name: 'saved-thresholds',
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

  // A template saved or deleted on another console: the table reads again and marks the row.
  const changes = useProviderChanges(['saved_threshold'], list.reload);

  /** Deletes after the operator confirmed ('Are you sure?', SPEC §2 Markets). */
  const remove = useCallback(
    async (threshold: SavedThreshold) => {
      if (!(await ask('Are you sure?', { header: `Delete saved threshold ${threshold.id}`, accept: 'Delete', danger: true }))) return;
      try {
        await api(routes.savedThresholdDelete, { params: { thresholdId: threshold.id } });
      } catch {
        // Shown by the API client.
      }
      list.reload();
    },
    [list],
  );

  return { list, remove, changes };
}
