import { routes, type MatchThresholdSet } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';

/**
 * Whether the set open in the editor was deleted by someone else since it was opened (it is gone
 * from the match's sets as last read), and by whom (its history's newest entry). A save from the
 * editor would otherwise create it again without anyone noticing; the editor asks instead.
 */
export function useDeletedWhileOpen(opened: MatchThresholdSet | null, sets: readonly MatchThresholdSet[], settled: boolean) {
  const [by, setBy] = useState<string | null>(null);
  const gone = settled && opened !== null && !sets.some((set) => set.id === opened.id);
  const id = gone ? opened!.id : null;
  useEffect(() => {
    if (id === null) return setBy(null);
    const controller = new AbortController();
    setBy('another operator');
    api(routes.audit, { query: { entity: 'threshold_set', entity_id: id, limit: 1 }, signal: controller.signal, silent: true }).then(
      (reply) => {
        const last = reply.results[0];
        if (last?.action === 'delete') setBy(last.actor.name);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [id]);
  return { by: id === null ? null : by, dismiss: () => setBy(null) };
}
