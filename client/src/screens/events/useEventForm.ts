import { formatMinuteParts, matchMinuteParts, routes, type StatEvent, type StatEventInput } from '@odds/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { invalidateRoute, useApiQuery } from '../../api/queries';
import { useSaving } from '../../api/useSaving';
import { CONFLICT_SHOWN, useVersionedSave } from '../../components/conflict';
import type { MatchLive } from '../../live/matchLive';
import { effectivePeriod } from './MinuteEntry';
import { OUTCOMES, outcomeOf, withOutcome } from './outcome';
import type { EventNames, EventRow } from './eventRow';
import { useDeletedRows } from './useDeletedRows';

let nextKey = 0;
const newKey = () => {
  nextKey += 1;
  return `row-${nextKey}`;
};

export const emptyRow = (): EventRow => ({
  key: newKey(),
  type: null,
  team: null,
  minute: null,
  period: 1,
  periodSet: false,
  outcome: 'unknown',
  tags: [],
});

/** The row as the events route takes it, or null while the row lacks a type or a minute. */
export function inputOf(row: EventRow, matchId: number): StatEventInput | null {
  if (row.type === null || row.minute === null) return null;
  const parts = matchMinuteParts(row.minute, effectivePeriod(row));
  return {
    ...(row.id === undefined ? {} : { id: row.id }),
    match_id: matchId,
    type: row.type,
    ...parts,
    team: row.team,
    tags: withOutcome(row.tags, row.outcome),
  };
}

/** A saved event as a form row: its minute counted whole (45+2 in period 1 is 47). */
const rowOf = (event: StatEvent): EventRow => {
  const row: EventRow = {
    key: newKey(),
    id: event.id,
    ...(event.version === undefined ? {} : { version: event.version }),
    type: event.type,
    team: event.team,
    minute: event.game_time + event.extra_time,
    period: event.period,
    periodSet: true,
    outcome: outcomeOf(event.tags),
    tags: event.tags,
  };
  return { ...row, loaded: JSON.stringify(inputOf(row, event.match_id)) };
};

/** Names the stat event screens show (useMatchInfo). */

/** A stat event as the conflict dialog compares it (theirs beside mine): type, minute, team and outcome by name. */
const eventConflictView = (event: Pick<StatEventInput, 'type' | 'period' | 'game_time' | 'extra_time' | 'team' | 'tags'>, names: EventNames) => ({
  type: names.typeName(event.type),
  minute: formatMinuteParts({ game_time: event.game_time, extra_time: event.extra_time ?? 0 }),
  period: event.period,
  team: names.teamName(event.team ?? null),
  outcome: OUTCOMES.find((o) => o.value === outcomeOf(event.tags ?? []))!.label,
});

/** The form's rows: loaded once per visit from the match's events, then as typed, added, removed or saved again as new (with `run`). */
function useEventRows(matchId: number, run: ReturnType<typeof useSaving<void>>['run']) {
  const [rows, setRows] = useState<EventRow[]>([]);
  const [loadedFor, setLoadedFor] = useState<number | null>(null);
  // The rows start from this visit's answer (not an older one cached), so each names the version
  // it read; later answers do not overwrite what is being typed.
  const events = useApiQuery(routes.matchStatEvents, { params: { matchId } }, { staleTime: 0 });
  useEffect(() => {
    if (!events.data || !events.isFetchedAfterMount || loadedFor === matchId) return;
    setRows(events.data.results.length ? events.data.results.map(rowOf) : [emptyRow()]);
    setLoadedFor(matchId);
  }, [events.data, events.isFetchedAfterMount, loadedFor, matchId]);
  const loading = loadedFor !== matchId && !events.isError;

  const update = useCallback((key: string, patch: Partial<EventRow>) => {
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  }, []);
  const addRow = useCallback(() => setRows((all) => [...all, emptyRow()]), []);
  const removeRow = useCallback((key: string) => setRows((all) => all.filter((row) => row.key !== key)), []);

  /** A row whose event was deleted by someone else, saved again as a new event (the row then stands for it). */
  const saveAsNew = useCallback(
    async (key: string) => {
      const row = rows.find((r) => r.key === key);
      if (!row) return;
      const { id: _id, version: _version, loaded: _loaded, ...typed } = row;
      const input = inputOf(typed, matchId);
      // Without a type or a minute it cannot be saved yet: it stays as a new row to finish.
      if (!input) return setRows((all) => all.map((r) => (r.key === key ? typed : r)));
      try {
        await run(async () => {
          const [event] = (await api(routes.statEventsSave, { body: { events: [input] } })).results;
          setRows((all) => all.map((r) => (r.key === key ? (event ? rowOf(event) : typed) : r)));
          void invalidateRoute(routes.matchStatEvents, { matchId });
        });
      } catch {
        // The API client has shown why; the row stays as typed.
      }
    },
    [rows, matchId, run],
  );
  return { rows, setRows, loading, update, addRow, removeRow, saveAsNew };
}

/** What a save sends: the complete rows (`ready`), how many are incomplete, and the new or changed ones. */
function rowsToSend(rows: EventRow[], matchId: number) {
  // A blank new row (nothing chosen yet) is left out rather than counted as incomplete.
  const filled = rows.filter((row) => row.id !== undefined || row.type !== null || row.minute !== null);
  const inputs = filled.map((row) => ({ row, input: inputOf(row, matchId) }));
  const ready = inputs.filter((r): r is { row: EventRow; input: StatEventInput } => r.input !== null);
  const incomplete = filled.length - ready.length;
  // A saved row the operator did not touch is not sent: it cannot overwrite what someone else saved since.
  const changed = ready.filter(({ row, input }) => row.id === undefined || JSON.stringify(input) !== row.loaded);
  return { ready, incomplete, changed };
}

/**
 * The stat event form (/event/{matchId}/edit): the match's events as rows, rows added, saved at
 * once. New rows and the saved rows the operator changed are sent, each changed one naming the
 * version it was loaded at: when another operator saved that event meanwhile, the conflict dialog
 * asks about it (theirs beside mine); "Keep theirs" puts their event in its row and keeps the
 * other rows as typed. A saved row whose event someone deletes meanwhile (`live`: the match's
 * stats topic says so) keeps what was typed and is listed in `gone` until the operator saves it
 * as a new event or discards it; the form is not saved before.
 */
export function useEventForm(matchId: number, names: EventNames, live: MatchLive | null = null) {
  const { saving, run } = useSaving();
  const { rows, setRows, loading, update, addRow, removeRow, saveAsNew } = useEventRows(matchId, run);
  const navigate = useNavigate();
  const versioned = useVersionedSave();

  const gone = useDeletedRows(live, rows);

  const { ready, incomplete, changed } = rowsToSend(rows, matchId);

  const { save: saveVersioned } = versioned;
  const save = useCallback(async () => {
    if (ready.length === 0 || incomplete > 0 || gone.length > 0) return;
    if (changed.length === 0) return void navigate(`/events/${matchId}`);
    // Versions taken by "Overwrite with mine", by event id: mine is sent against theirs.
    const overwrite = new Map<number, number>();
    const versionOf = (row: EventRow) => (row.id !== undefined && overwrite.get(row.id)) || row.version;
    try {
      await run(async () => {
        const saved = await saveVersioned<unknown, StatEvent>({
          send: (theirs) => {
            if (theirs?.version !== undefined) overwrite.set(theirs.id, theirs.version);
            const events = changed.map(({ row, input }) => {
              const version = versionOf(row);
              return version === undefined ? input : { ...input, version };
            });
            return api(routes.statEventsSave, { body: { events }, ...CONFLICT_SHOWN });
          },
          // Mine: the row of the event they changed, as I would save it.
          mine: (theirs) => {
            const mine = changed.find(({ row }) => row.id === theirs.id)?.input;
            return mine ? eventConflictView(mine, names) : {};
          },
          view: (theirs) => eventConflictView(theirs, names),
          keepTheirs: (theirs) => setRows((all) => all.map((row) => (row.id === theirs.id ? rowOf(theirs) : row))),
        });
        if (saved) {
          void invalidateRoute(routes.matchStatEvents, { matchId });
          await navigate(`/events/${matchId}`);
        }
      });
    } catch {
      // The API client has shown why; the rows stay for another try.
    }
  }, [ready.length, incomplete, gone.length, changed, matchId, navigate, saveVersioned, names, run, setRows]);

  return {
    rows,
    loading,
    saving,
    incomplete,
    canSave: ready.length > 0 && gone.length === 0,
    update,
    addRow,
    removeRow,
    save,
    gone,
    saveAsNew,
    conflict: versioned.conflict,
  };
}
