import { routes, type MatchContent } from '@odds/protocol';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../api/client';
import { useSaving } from '../../../api/useSaving';
import { CONFLICT_SHOWN, type useVersionedSave } from '../../../components/conflict';
import { asNewRecord, buildContentInput, contentConflictView, contentFormOf, type ContentForm } from '../../../components/content/contentForm';

interface SaveParts {
  matchId: number;
  /** The form as typed, and as last opened or saved. */
  form: ContentForm;
  setForm: (form: ContentForm) => void;
  baseline: ContentForm;
  setBaseline: (form: ContentForm) => void;
  /** The record open in the form, as the list holds it now, and as it was when the form opened it. */
  editing: MatchContent | null;
  openedRecord: MatchContent | null;
  /** Who deleted the open record while it was open, if someone did. */
  deletedBy: string | null;
  /** The scores free for the form's market and channel. */
  scoreChoices: string[];
  /** The names the conflict dialog shows for ids. */
  names: Parameters<typeof contentConflictView>[1];
  conflict: ReturnType<typeof useVersionedSave>;
  /** My save answered: the list shows it until the push brings it. */
  ownSaved: (record: MatchContent) => void;
  setError: (error: string | null) => void;
  /** A blank form, and the address without `?edit=`. */
  blank: () => ContentForm;
  closeEdit: () => void;
}

/**
 * Saving the Content tab's form: by version (a conflict merges, asking only about fields both
 * sides changed), or, when someone deleted the open record, as new content. Either goes on to the
 * preview.
 */
export function useContentSave(parts: SaveParts) {
  const { matchId, form, setForm, baseline, setBaseline, editing, conflict, setError } = parts;
  const navigate = useNavigate();
  const { saving, run } = useSaving();

  /** Runs a save with the saving flag up, then on to the preview; failures have been shown by the API client, the form keeps the text. */
  const withSaving = async (save: () => Promise<boolean>) => {
    try {
      await run(async () => {
        if (await save()) await navigate(`/match/${matchId}/content/preview`);
      });
    } catch {
      // The API client has shown why.
    }
  };

  const save = async () => {
    // Deleted while open: saved again only as new content, when the operator says so.
    if (parts.deletedBy) return;
    if (!form.id && !parts.scoreChoices.includes(form.node)) return setError(`Score ${form.node} is already used for this market and channel.`);
    const built = buildContentInput(form, editing);
    if (!built.ok) return setError(built.error);
    setError(null);
    let submitted = form;
    await withSaving(async () => {
      // Someone saved this record after the form opened it: fields only they changed are taken,
      // fields only I changed kept, and the dialog asks only about fields we both changed.
      const saved = await conflict.save<MatchContent, MatchContent>({
        send: (theirs, merged) => {
          if (!theirs) return api(routes.matchContentSave, { params: { matchId }, body: built.input, ...CONFLICT_SHOWN });
          const rebuilt = buildContentInput({ ...((merged as ContentForm | undefined) ?? form), version: theirs.version }, theirs);
          if (!rebuilt.ok) return Promise.reject(new Error(rebuilt.error));
          return api(routes.matchContentSave, { params: { matchId }, body: { ...rebuilt.input, version: theirs.version }, ...CONFLICT_SHOWN });
        },
        mine: () => form,
        view: contentFormOf,
        present: (record) => contentConflictView(record as ContentForm, parts.names),
        ...(editing ? { started: baseline } : {}),
        adopt: (merged) => {
          submitted = merged as ContentForm;
          setForm(submitted);
        },
        keepTheirs: (theirs) => {
          setForm(contentFormOf(theirs));
          setBaseline(contentFormOf(theirs));
        },
      });
      if (!saved) return false;
      parts.ownSaved(saved);
      setBaseline(submitted);
      return true;
    });
  };

  /** The open record was deleted by someone else: my text is saved as new content (the score it had is free again). */
  const saveAsNew = async () => {
    const { id: _id, version: _version, ...unsaved } = form;
    setForm(unsaved);
    setBaseline(parts.blank());
    parts.closeEdit();
    const built = buildContentInput(unsaved, parts.openedRecord && asNewRecord(parts.openedRecord));
    if (!built.ok) return setError(built.error);
    setError(null);
    await withSaving(async () => {
      parts.ownSaved(await api(routes.matchContentSave, { params: { matchId }, body: built.input }));
      setBaseline(unsaved);
      return true;
    });
  };

  return { save, saveAsNew, saving };
}
