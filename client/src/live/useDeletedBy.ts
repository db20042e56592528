import type { AuditEntity } from '@odds/protocol';
import { proxy, useSnapshot } from 'valtio';
import type { MatchLive } from './matchLive';
import { pushedEntryOf } from './useChangeMarks';
import { useTopicSeq } from './useTopicSeq';

const NO_EDITORS = proxy({ editors: [] as { id: number; name: string; tab: string }[] });

/**
 * Who deleted the record `id` (a form had it open when it went from the pushed rows): the delete's
 * audit entry, pushed on the match's history topic; 'another operator' until it comes. Null for no id.
 */
export function useDeletedBy(live: MatchLive | null, entity: AuditEntity, id: number | null): string | null {
  // Re-read when the history topic moves: the delete's entry may come after the row went.
  useTopicSeq(live, 'history');
  if (id === null) return null;
  const entry = live ? pushedEntryOf(live, entity, id) : undefined;
  return entry?.action === 'delete' ? entry.actor.name : 'another operator';
}

/** Who else (not me) is editing a tab of the match now, by name: what a delete's question names. */
export function useOtherEditors(live: MatchLive | null, tab: string, myId: number | undefined): string[] {
  const { editors } = useSnapshot(live?.state ?? NO_EDITORS) as { editors: readonly { id: number; name: string; tab: string }[] };
  return editors.filter((e) => e.tab === tab && e.id !== myId).map((e) => e.name);
}

/** 'Ana is editing content now.', 'Ana and Ben are editing thresholds now.'; '' when nobody else is. */
export function editingNow(editors: readonly string[], what: string): string {
  if (editors.length === 0) return '';
  const who = editors.length === 1 ? editors[0] : `${editors.slice(0, -1).join(', ')} and ${editors.at(-1)}`;
  return `${who} ${editors.length === 1 ? 'is' : 'are'} editing ${what} now.`;
}
