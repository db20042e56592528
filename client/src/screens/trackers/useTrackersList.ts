import { routes, type Tracker } from '@odds/protocol';
import { useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { useSaving } from '../../api/useSaving';
import { useList } from '../../components/table';
import { useRecordChanges } from '../../live/useRecordChanges';
import { contextStore } from '../../stores/context';
import { inputOf } from './format';

/** What reads again when a tracker changes: the list and every tracker form showing one. */
const TRACKER_READS = [routes.trackers, routes.tracker];

/**
 * The trackers list (SPEC §2): active is edited locally (a row's switch), then saved, then the
 * list reloads (SPEC §4); another console's save reloads it too, the row marked with who.
 */
export function useTrackersList() {
  const { providerId, sportId } = useSnapshot(contextStore);
  const list = useList({ route: routes.trackers, query: { provider: providerId, sport: sportId }, defaultSort: 'id' });
  const [edits, setEdits] = useState<Record<number, boolean>>({});
  const { saving, run } = useSaving();
  // A tracker saved, added or deleted on another console of the provider: the list reads again and marks who.
  const { invalidate, changedBy } = useRecordChanges('tracker', TRACKER_READS);

  const activeOf = (tracker: Tracker) => edits[tracker.id] ?? tracker.active;
  const setActive = useCallback((tracker: Tracker, active: boolean) => {
    setEdits((all) => {
      const next = { ...all };
      if (active === tracker.active) delete next[tracker.id];
      else next[tracker.id] = active;
      return next;
    });
  }, []);

  const changed = (list.rows as Tracker[]).filter((t) => t.id in edits);
  const save = async () => {
    try {
      await run(async () => {
        for (const tracker of changed) {
          await api(routes.trackerSave, { params: { trackerId: tracker.id }, body: { ...inputOf(tracker), active: edits[tracker.id]! } });
        }
        setEdits({});
        void invalidate();
      });
    } catch {
      // The API client has shown why; the edits stay for another try.
    }
  };

  return {
    list,
    activeOf,
    setActive,
    changed: changed.length,
    saving,
    save,
    discard: () => setEdits({}),
    changedBy,
  };
}

export type TrackersList = ReturnType<typeof useTrackersList>;
