import { routes, type MatchThresholdInput, type MatchThresholdSet } from '@odds/protocol';
import { api } from '../../../api/client';
import { ApiError, handleApiError } from '../../../api/errors';
import { invalidateRoute } from '../../../api/queries';
import { useSaving } from '../../../api/useSaving';
import { CONFLICT_SHOWN, conflictOf, type useVersionedSave } from '../../../components/conflict';
import { ask } from '../../../components/question';
import { replaceQuestion, sameSlot } from './replace';
import { defaultForm, formOf, recordOf, type ThresholdRecord } from './thresholdForm';
import type { ThresholdEditorState } from './useThresholdEditor';

type VersionedSave = ReturnType<typeof useVersionedSave>;
type Built = { ok: true; input: MatchThresholdInput } | { ok: false; error: string };

interface SaveParts {
  matchId: number;
  editor: ThresholdEditorState;
  conflict: VersionedSave;
  /** The form as the request it makes, or why it cannot be sent. */
  build: () => Built;
  /** My save answered: the list shows it until the push brings it. */
  ownSaved: (set: MatchThresholdSet) => void;
  /** Who deleted the open set while it was open, if someone did: it goes again only when 'Recreate it' says so. */
  deletedBy: string | null;
  setError: (error: string | null) => void;
}

/** A new set sent: the set saved, or null when a set of its slot exists and the operator kept it. */
async function saveNewSet(matchId: number, input: MatchThresholdInput): Promise<MatchThresholdSet | null> {
  try {
    return await api(routes.matchThresholdsSave, { params: { matchId }, body: input, ...CONFLICT_SHOWN });
  } catch (error) {
    const reply = conflictOf(error);
    if (!reply) {
      if (error instanceof ApiError && error.status === 409) handleApiError(error, {});
      throw error;
    }
    // A set exists for this market, contact and line: replace it only when the operator says so.
    const replace = await ask(replaceQuestion(reply.current as MatchThresholdSet), {
      header: 'A set exists for this market and contact',
      accept: 'Replace',
      danger: true,
    });
    if (!replace) return null;
    return await api(routes.matchThresholdsSave, { params: { matchId }, body: { ...input, replace: true } });
  }
}

/**
 * Saving the editor's set: the open set with its version (a conflict merges, asking only about
 * fields both sides changed), a new set as it is (one that meets a set of the same market, contact
 * and line asks before replacing it).
 */
export function useThresholdSave({ matchId, editor, conflict, build, ownSaved, deletedBy, setError }: SaveParts) {
  const { saving, run } = useSaving();

  const savedHere = (saved: MatchThresholdSet) => {
    editor.saved(saved);
    ownSaved(saved);
  };

  /** The open set saved again: true when mine was saved (not when theirs was kept or the dialog closed). */
  const saveVersioned = async (versioned: MatchThresholdSet, input: MatchThresholdInput, adopt: (merged: MatchThresholdSet) => void): Promise<boolean> => {
    // Someone saved the set this editor opened: fields only they changed are taken, fields only
    // I changed kept; the dialog asks only about fields we both changed (theirs beside mine).
    // Another type is another shape of thresholds: then the whole set is in question.
    const started = recordOf(versioned);
    const saved = await conflict.save<MatchThresholdSet, MatchThresholdSet>({
      send: (theirs, merged) =>
        api(routes.matchThresholdsSave, {
          params: { matchId },
          body: { ...input, ...(merged as ThresholdRecord | undefined), version: (theirs ?? versioned).version } as MatchThresholdInput,
          ...CONFLICT_SHOWN,
        }),
      mine: () => input,
      view: recordOf,
      ...(started.type === input.type ? { started } : {}),
      adopt: (merged) => adopt(merged as MatchThresholdSet),
      keepTheirs: (theirs) => {
        editor.setOpened(theirs);
        editor.opening({ ...defaultForm(), ...formOf(theirs) });
      },
    });
    if (saved) savedHere(saved);
    return saved !== null;
  };

  /** A new set: true when saved (not when a set of its slot exists and the operator kept it). */
  const saveNew = async (input: MatchThresholdInput): Promise<boolean> => {
    const saved = await saveNewSet(matchId, input);
    if (saved) savedHere(saved);
    return saved !== null;
  };

  const save = async () => {
    const built = build();
    if (!built.ok) return setError(built.error);
    setError(null);
    let submitted = editor.form;
    const adopt = (merged: MatchThresholdSet) => {
      submitted = { ...submitted, ...formOf(merged) };
      editor.setForm(submitted);
    };
    try {
      await run(async () => {
        const versioned = editor.opened && sameSlot(editor.opened, built.input) ? editor.opened : null;
        // Kept theirs, closed the dialog or kept the set in its slot: nothing of mine was saved (the form stays as it is).
        // A set deleted while open goes again only when the operator chose 'Recreate it'.
        const done = versioned ? await saveVersioned(versioned, built.input, adopt) : !deletedBy && (await saveNew(built.input));
        if (!done) return;
        editor.setBaseline(submitted);
        // A set saved 'as template' joins the 'Saved threshold' choices.
        if (built.input.saveAsTemplate) void invalidateRoute(routes.savedThresholds);
      });
    } catch {
      // The API client has shown why.
    }
  };

  return { save, saving };
}
