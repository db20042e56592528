import { routes, type AuditEntity, type AuditEntry } from '@odds/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api/client';
import type { MatchLive } from './matchLive';
import { useTopicSeq } from './useTopicSeq';

/** How long a changed row keeps its 'changed by … just now' mark. */
export const CHANGE_MARK_MS = 10_000;
/** A bulk change ('Copy from another match') marks this many rows at most. */
const MAX_MARKED = 10;

/**
 * The newest audit entry of a record among a match's pushed history (its `history` topic), at
 * `version` when given (the entry that made the row what it is), else the newest of any version.
 */
export function pushedEntryOf(live: MatchLive, entity: AuditEntity, id: number, version?: number): AuditEntry | undefined {
  let found: AuditEntry | undefined;
  for (const entry of live.state.topics.history.rows.values()) {
    if (entry.entity !== entity || entry.entity_id !== id) continue;
    if (version !== undefined && entry.version !== null && entry.version !== version) continue;
    if (!found || entry.id > found.id) found = entry;
  }
  return found;
}

/**
 * Marks rows that changed after the first load (a new id or a higher version) with who changed
 * them; the mark goes after CHANGE_MARK_MS. Rows the operator saved here are marked too (by their
 * own name), so every operator sees the same. On a match page (`live`) who changed a row comes
 * from the audit entry the relay pushes on the match's history topic (the row and its entry come
 * as two pushes, in either order: a row waits for its entry up to CHANGE_MARK_MS); elsewhere it is
 * read from the row's history.
 */
export function useChangeMarks(entity: AuditEntity, rows: readonly { id: number; version?: number }[], ready: boolean, live: MatchLive | null = null) {
  const seen = useRef<Map<number, number> | null>(null);
  /** Changed rows whose pushed audit entry has not come yet: id → version and until when to wait. */
  const waiting = useRef(new Map<number, { version: number; until: number }>());
  const [marks, setMarks] = useState<ReadonlyMap<number, string>>(new Map());
  const historySeq = useTopicSeq(live, 'history');

  const mark = useCallback((id: number, name: string) => {
    setMarks((m) => new Map(m).set(id, name));
    window.setTimeout(
      () =>
        setMarks((m) => {
          const next = new Map(m);
          next.delete(id);
          return next;
        }),
      CHANGE_MARK_MS,
    );
  }, []);

  const settle = useCallback(() => {
    if (!live) return;
    const now = Date.now();
    for (const [id, wait] of waiting.current) {
      const entry = pushedEntryOf(live, entity, id, wait.version);
      if (entry) mark(id, entry.actor.name);
      if (entry || wait.until < now) waiting.current.delete(id);
    }
  }, [live, entity, mark]);

  useEffect(() => {
    if (!ready) return;
    const before = seen.current;
    seen.current = new Map(rows.map((r) => [r.id, r.version ?? 0]));
    if (!before) return;
    const changed = rows.filter((r) => (before.get(r.id) ?? -1) < (r.version ?? 0)).slice(0, MAX_MARKED);
    if (live) {
      for (const row of changed) waiting.current.set(row.id, { version: row.version ?? 0, until: Date.now() + CHANGE_MARK_MS });
      return settle();
    }
    for (const row of changed) {
      api(routes.audit, { query: { entity, entity_id: row.id, limit: 1 }, silent: true }).then(
        (reply) => {
          const name = reply.results[0]?.actor.name;
          if (name) mark(row.id, name);
        },
        () => undefined,
      );
    }
  }, [entity, rows, ready, live, settle, mark]);

  // The history topic moved: rows waiting for their entry may find it now.
  useEffect(() => settle(), [historySeq, settle]);

  return marks;
}
