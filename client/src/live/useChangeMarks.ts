import { routes, type AuditEntity } from '@odds/protocol';
import { useEffect, useRef, useState } from 'react';
import { api } from '../api/client';

/** How long a changed row keeps its 'changed by … just now' mark. */
export const CHANGE_MARK_MS = 10_000;
/** A bulk change ('Copy from another match') marks this many rows at most: one history read each. */
export const MAX_MARKED = 10;

/**
 * Marks rows that changed after the first load (a new id or a higher version) with who changed
 * them, from the newest history entry of each; the mark goes after CHANGE_MARK_MS. Rows the
 * operator saved here are marked too (by their own name), so every operator sees the same.
 */
export function useChangeMarks(entity: AuditEntity, rows: readonly { id: number; version?: number }[], ready: boolean) {
  const seen = useRef<Map<number, number> | null>(null);
  const [marks, setMarks] = useState<ReadonlyMap<number, string>>(new Map());

  useEffect(() => {
    if (!ready) return;
    const before = seen.current;
    seen.current = new Map(rows.map((r) => [r.id, r.version ?? 0]));
    if (!before) return;
    const changed = rows.filter((r) => (before.get(r.id) ?? -1) < (r.version ?? 0)).slice(0, MAX_MARKED);
    for (const row of changed) {
      api(routes.audit, { query: { entity, entity_id: row.id, limit: 1 }, silent: true }).then(
        (reply) => {
          const name = reply.results[0]?.actor.name;
          if (!name) return;
          setMarks((m) => new Map(m).set(row.id, name));
          window.setTimeout(() => setMarks((m) => {
            const next = new Map(m);
            next.delete(row.id);
            return next;
          }), CHANGE_MARK_MS);
        },
        () => undefined,
      );
    }
  }, [entity, rows, ready]);

  return marks;
}
