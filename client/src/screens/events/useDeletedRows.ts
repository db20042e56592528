import { useRef } from 'react';
import type { MatchLive } from '../../live/matchLive';
import { useTopicRows } from '../../live/useTopicRows';
import type { EventRow } from './eventRow';

/**
 * The form's saved rows whose event went from the match's live stats topic (someone deleted it
 * while the form had it open). Only an event the topic once carried counts as gone: a row read over
 * REST just before its event's push came is not mistaken for a deleted one.
 */
export function useDeletedRows(live: MatchLive | null, rows: readonly EventRow[]): EventRow[] {
  const topic = useTopicRows(live, 'stats');
  const seen = useRef(new Set<number>());
  if (!topic.ready) return [];
  const present = new Set(topic.rows.map((event) => event.id));
  for (const id of present) seen.current.add(id);
  return rows.filter((row) => row.id !== undefined && seen.current.has(row.id) && !present.has(row.id));
}
