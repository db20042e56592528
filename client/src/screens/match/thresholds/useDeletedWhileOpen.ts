import type { MatchThresholdSet } from '@odds/protocol';
import { useEffect, useState } from 'react';
import type { MatchLive } from '../../../live/matchLive';
import { useDeletedBy } from '../../../live/useDeletedBy';

/**
 * Whether the set open in the editor was deleted by someone else since it was opened (it is gone
 * from the match's sets as pushed), and by whom (useDeletedBy). A save from the editor would
 * otherwise create it again without anyone noticing; the editor asks instead.
 */
export function useDeletedWhileOpen(opened: MatchThresholdSet | null, sets: readonly MatchThresholdSet[], settled: boolean, live: MatchLive | null) {
  const [dismissed, setDismissed] = useState<number | null>(null);
  const gone = settled && opened !== null && !sets.some((set) => set.id === opened.id);
  const id = gone ? opened!.id : null;
  useEffect(() => setDismissed(null), [id]);
  const by = useDeletedBy(live, 'threshold_set', id !== null && dismissed !== id ? id : null);
  return { by, dismiss: () => setDismissed(id) };
}
