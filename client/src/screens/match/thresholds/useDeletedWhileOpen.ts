import type { MatchThresholdSet } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { pushedEntryOf } from '../../../live/useChangeMarks';
import type { MatchLive } from '../../../live/matchLive';
import { useTopicSeq } from '../../../live/useTopicSeq';

/**
 * Whether the set open in the editor was deleted by someone else since it was opened (it is gone
 * from the match's sets as pushed), and by whom (the delete's audit entry, pushed on the match's
 * history topic; 'another operator' until it comes). A save from the editor would otherwise
 * create it again without anyone noticing; the editor asks instead.
 */
export function useDeletedWhileOpen(opened: MatchThresholdSet | null, sets: readonly MatchThresholdSet[], settled: boolean, live: MatchLive | null) {
  const [dismissed, setDismissed] = useState<number | null>(null);
  const gone = settled && opened !== null && !sets.some((set) => set.id === opened.id);
  const id = gone ? opened!.id : null;
  const historySeq = useTopicSeq(live, 'history');
  useEffect(() => setDismissed(null), [id]);
  let by: string | null = null;
  if (id !== null && dismissed !== id) {
    const entry = live ? pushedEntryOf(live, 'threshold_set', id) : undefined;
    by = entry?.action === 'delete' ? entry.actor.name : 'another operator';
  }
  void historySeq;
  return { by, dismiss: () => setDismissed(id) };
}
