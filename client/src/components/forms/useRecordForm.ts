import { useCallback, useEffect, useMemo, useState } from 'react';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

/** The read of the record being edited, as useApiQuery answers it. */
interface RecordRead<R> {
  data: R | undefined;
  isFetchedAfterMount: boolean;
  isError: boolean;
}

interface RecordFormOptions<R, V> {
  /** The record to edit; none: the form creates one. */
  id: number | undefined;
  read: RecordRead<R>;
  /** A record as the form holds it (a stable function). */
  toForm: (record: R) => V;
  /** The values of a new record. */
  empty: V | (() => V);
  /** A change the values do not hold (a chosen file): the form counts as changed. */
  unsaved?: boolean;
}

/**
 * The values of a form that edits one stored record. The form starts from this visit's answer
 * (not an older one cached), so an update names the version it read; later answers do not
 * overwrite what is being typed. `load` starts it again from a record: the one read, or theirs
 * taken with "Keep theirs" in the conflict dialog. Leaving with unsaved changes asks first; call
 * `allowLeaving()` before navigating away after a save.
 */
export function useRecordForm<R extends { id: number }, V>({ id, read, toForm, empty, unsaved = false }: RecordFormOptions<R, V>) {
  const [initial, setInitial] = useState<V>(empty);
  const [values, setValues] = useState<V>(initial);
  /** The record the form was loaded from: an update names its version. */
  const [record, setRecord] = useState<R | null>(null);
  const [loadedFor, setLoadedFor] = useState<number | undefined>(undefined);
  const load = useCallback(
    (loaded: R) => {
      const form = toForm(loaded);
      setRecord(loaded);
      setInitial(form);
      setValues(form);
    },
    [toForm],
  );

  useEffect(() => {
    if (id === undefined || !read.data || !read.isFetchedAfterMount || read.data.id !== id || loadedFor === id) return;
    load(read.data);
    setLoadedFor(id);
  }, [id, read.data, read.isFetchedAfterMount, loadedFor, load]);
  const status: 'loading' | 'ready' | 'failed' = id === undefined || loadedFor === id ? 'ready' : read.isError ? 'failed' : 'loading';

  const dirty = useMemo(() => unsaved || JSON.stringify(values) !== JSON.stringify(initial), [values, initial, unsaved]);
  const { allowLeaving } = useUnsavedChangesGuard(dirty);
  return { values, setValues, initial, record, load, status, dirty, allowLeaving };
}
