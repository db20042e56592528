import { routes, type AuditEntry } from '@odds/protocol';
import { useCallback, useMemo, useRef, useState } from 'react';
import { api } from '../../api/client';
import { fieldLabel } from '../../components/conflict';
import type { HistoryReading } from '../../components/history/HistoryEntry';
import { contactFieldLabel } from './contactForm';

/** The stored fields of a contact that hold subscriptions by id, and how each id is read. */
const LISTS = {
  league_ids: (id: number) => api(routes.league, { params: { leagueId: id }, silent: true }),
  team_ids: (id: number) => api(routes.team, { params: { teamId: id }, silent: true }),
} as const;
type ListField = keyof typeof LISTS;
const isListField = (field: string): field is ListField => field in LISTS;
/** A contact's history names at most this many leagues and teams (one read each); the rest show as #id. */
const MAX_NAMED = 100;

/**
 * A contact's History with its leagues and teams by name (the stored row holds their ids): the
 * ids the entries name are read once each (a league or team deleted since shows as #id), and the
 * reading shows 'Leagues: Premier League, Serie A → Premier League'.
 */
export function useSubscriptionNames(): { reading: HistoryReading; load(entries: readonly AuditEntry[]): void } {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const asked = useRef(new Set<string>());

  const load = useCallback((entries: readonly AuditEntry[]) => {
    for (const entry of entries) {
      for (const row of [entry.before, entry.after] as (Record<string, unknown> | null)[]) {
        for (const field of Object.keys(LISTS) as ListField[]) {
          const ids = row?.[field];
          if (!Array.isArray(ids)) continue;
          for (const id of ids) {
            const key = `${field}:${String(id)}`;
            if (typeof id !== 'number' || asked.current.has(key) || asked.current.size >= MAX_NAMED) continue;
            asked.current.add(key);
            LISTS[field](id).then(
              (record) => setNames((current) => new Map(current).set(key, record.name)),
              () => undefined,
            );
          }
        }
      }
    }
  }, []);

  const reading = useMemo<HistoryReading>(
    () => ({
      format: () => (field, value) =>
        isListField(field) && Array.isArray(value) ? value.map((id) => names.get(`${field}:${String(id)}`) ?? `#${String(id)}`).join(', ') || '—' : undefined,
      label: (field) => (field === 'league_ids' ? 'leagues' : field === 'team_ids' ? 'teams' : contactFieldLabel(field, fieldLabel)),
    }),
    [names],
  );

  return { reading, load };
}
