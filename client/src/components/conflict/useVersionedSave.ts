import type { ConflictReply } from '@odds/protocol';
import { useCallback } from 'react';
import { ApiError, handleApiError } from '../../api/errors';
import { ask as askQuestion } from '../question';
import { merge3 } from './merge';
import { conflictOf, useConflict } from './useConflict';

/** The api() flags of a versioned write: its 409 is shown by the conflict dialog, not the error list. */
export const CONFLICT_SHOWN = { shows: [409] } as const;
/** The flags of a versioned write with `saveAsNew`: its 404 (the record deleted meanwhile) is asked about too. */
export const DELETION_SHOWN = { shows: [409, 404] } as const;

/** One save of a record the operator read at some version (or of several, as stat event rows). */
export interface VersionedWrite<T, C> {
  /**
   * Sends the write with the version(s) the form read, or, after "Overwrite with mine", against
   * `base`: their record, whose version it names. Call `api()` with `...CONFLICT_SHOWN`. With
   * `started`, a re-send after a conflict also gets `merged` (in the shape of `mine`): send that.
   */
  send(base: C | null, merged?: unknown): Promise<T>;
  /** What I tried to write, as the dialog shows it beside their record (in the shape `view` gives it). */
  mine(theirs: C): unknown;
  /** Their record (the 409's `current`) in the shape of `mine`; as it came when absent. */
  view?(current: C): unknown;
  /** "Keep theirs": the form takes their record (and its version), so the next save starts from it. */
  keepTheirs(current: C): void;
  /**
   * What the form started from (the record it read, in the shape of `mine`). Given, a conflict is
   * a three-way merge: fields only they changed are taken from theirs, fields only I changed are
   * kept, and the dialog asks only about fields we both changed (with none, it does not open).
   */
  started?: unknown;
  /** How the dialog shows a record of the shape of `mine` (names instead of ids); as it is when absent. */
  present?(record: unknown): unknown;
  /** The form takes the merged record (before it is sent), so what it shows is what is saved. */
  adopt?(merged: unknown, current: C): void;
  /**
   * The record was deleted by someone while the form had it open (the update answered 404; send
   * with `...DELETION_SHOWN`): the operator is asked, and a yes saves the form's values as a new
   * record with this. A no saves nothing and leaves the form as typed.
   */
  deleted?: { what: string; saveAsNew(): Promise<T> };
}

/**
 * The save of an edit screen whose record another operator may change meanwhile:
 * `await save({send, mine, view, keepTheirs})` sends it; a 409 CONFLICT opens the conflict dialog
 * (render `<ConflictDialog state={conflict} … />`), and
 * - "Keep theirs" hands their record to the form and saves nothing;
 * - "Overwrite with mine" sends mine again against their version (asking again should a third save
 *   have come in between);
 * - closing the dialog saves nothing and leaves the form as typed.
 * Resolves with what the write answered, or null when nothing was saved; other failures reject
 * (reported by the API client as usual, the form keeping what was typed).
 */
export function useVersionedSave() {
  const { state, ask } = useConflict();
  const save = useCallback(
    async <T, C>(write: VersionedWrite<T, C>): Promise<T | null> => {
      let base: C | null = null;
      let merged: unknown;
      let started = write.started;
      for (;;) {
        try {
          return await (merged === undefined ? write.send(base) : write.send(base, merged));
        } catch (error) {
          if (error instanceof ApiError && error.status === 404 && write.deleted) {
            const again = await askQuestion(
              `${write.deleted.what} was deleted while you had it open. Your changes are still in the form: save them as new, or keep editing (leaving discards them).`,
              { header: 'Deleted while you had it open', accept: 'Save as new', reject: 'Keep editing' },
            );
            return again ? await write.deleted.saveAsNew() : null;
          }
          const reply = conflictOf(error);
          if (!reply) {
            // A 409 that is no version conflict: the operator still reads why.
            if (error instanceof ApiError && error.status === 409) handleApiError(error, {});
            throw error;
          }
          const current = reply.current as C;
          const theirs = write.view ? write.view(current) : current;
          const shown: ConflictReply = { ...reply, current: theirs };
          const mine = merged ?? write.mine(current);
          if (started !== undefined) {
            const merge = merge3(started, mine, theirs);
            if (merge.conflicts.length > 0) {
              const present = write.present ?? ((record: unknown) => record);
              const choice = await ask({ ...reply, current: present(theirs) }, present(mine), present(started));
              if (choice === 'theirs') write.keepTheirs(current);
              if (choice !== 'mine') return null;
            }
            // Nobody else's change is reverted: their fields stay, mine (and mine where both changed) go on top.
            write.adopt?.(merge.merged, current);
            merged = merge.merged;
            started = theirs;
            base = current;
            continue;
          }
          const choice = await ask(shown, mine);
          if (choice === 'theirs') write.keepTheirs(current);
          if (choice !== 'mine') return null;
          base = current;
        }
      }
    },
    [ask],
  );
  return { conflict: state, save };
}
