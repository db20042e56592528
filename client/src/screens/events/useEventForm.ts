import { matchMinuteParts, routes, type StatEvent, type StatEventInput } from '@odds/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { effectivePeriod, type MinuteValue } from './MinuteEntry';
import { outcomeOf, withOutcome, type Outcome } from './outcome';

export interface EventRow extends MinuteValue {
  key: string;
  id?: number;
  type: number | null;
  team: number | null;
  outcome: Outcome;
  tags: string[];
}

let nextKey = 0;
const newKey = () => `row-${(nextKey += 1)}`;

export const emptyRow = (): EventRow => ({
  key: newKey(), type: null, team: null, minute: null, period: 1, periodSet: false, outcome: 'unknown', tags: [],
});

/** A saved event as a form row: its minute counted whole (45+2 in period 1 is 47). */
export const rowOf = (event: StatEvent): EventRow => ({
  key: newKey(), id: event.id, type: event.type, team: event.team, minute: event.game_time + event.extra_time,
  period: event.period, periodSet: true, outcome: outcomeOf(event.tags), tags: event.tags,
});

/** The row as the events route takes it, or null while the row lacks a type or a minute. */
export function inputOf(row: EventRow, matchId: number): StatEventInput | null {
  if (row.type === null || row.minute === null) return null;
  const parts = matchMinuteParts(row.minute, effectivePeriod(row));
  return {
    ...(row.id === undefined ? {} : { id: row.id }), match_id: matchId, type: row.type, ...parts,
    team: row.team, tags: withOutcome(row.tags, row.outcome),
  };
}

/** The stat event form (/event/{matchId}/edit): the match's events as rows, rows added, all saved at once. */
export function useEventForm(matchId: number) {
  const [rows, setRows] = useState<EventRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    api(routes.matchStatEvents, { params: { matchId }, signal: controller.signal }).then(
      (reply) => {
        setRows(reply.results.length ? reply.results.map(rowOf) : [emptyRow()]);
        setLoading(false);
      },
      () => {
        if (!controller.signal.aborted) setLoading(false);
      },
    );
    return () => controller.abort();
  }, [matchId]);

  const update = useCallback((key: string, patch: Partial<EventRow>) => {
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  }, []);
  const addRow = useCallback(() => setRows((all) => [...all, emptyRow()]), []);
  const removeRow = useCallback((key: string) => setRows((all) => all.filter((row) => row.key !== key)), []);

  // A blank new row (nothing chosen yet) is left out rather than counted as incomplete.
  const filled = rows.filter((row) => row.id !== undefined || row.type !== null || row.minute !== null);
  const ready = filled.map((row) => inputOf(row, matchId)).filter((input): input is StatEventInput => input !== null);
  const incomplete = filled.length - ready.length;

  const save = useCallback(async () => {
    if (ready.length === 0 || incomplete > 0) return;
    setSaving(true);
    try {
      await api(routes.statEventsSave, { body: { events: ready } });
      await navigate(`/events/${matchId}`);
    } catch {
      // The API client has shown why; the rows stay for another try.
    } finally {
      setSaving(false);
    }
  }, [ready, incomplete, matchId, navigate]);

  return { rows, loading, saving, incomplete, canSave: ready.length > 0, update, addRow, removeRow, save };
}
