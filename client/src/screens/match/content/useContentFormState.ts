import type { MatchContent, ScoresDefinition } from '@odds/protocol';
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { merge3 } from '../../../components/conflict';
import { contentFormOf, emptyContentForm, scoreOptions, type ContentForm } from '../../../components/content/contentForm';
import type { MatchLive } from '../../../live/matchLive';
import { useEditingPresence } from '../../../live/useEditingPresence';
import { useDeletedBy } from '../../../live/useDeletedBy';

interface FormSource {
  matchId: number;
  live: MatchLive | null;
  /** The match's content records, and whether the first read has come. */
  records: MatchContent[];
  loading: boolean;
  /** The record the address opens (`?edit=id`), or null for new content. */
  editId: number | null;
  languages: readonly string[];
  scores: ScoresDefinition;
}

/**
 * The Content tab's form: what is typed against what was opened or saved (the operator is editing,
 * and others see it, while they differ), the record open in it, which follows its pushed saves, who
 * deleted it while open, and the scores free for it.
 */
export function useContentFormState({ matchId, live, records, loading, editId, languages, scores }: FormSource) {
  const [form, setForm] = useState<ContentForm>(() => emptyContentForm(languages[0]));
  /** The form as last opened or saved: the operator is editing (others see it) while it differs. */
  const [baseline, setBaseline] = useState<ContentForm>(form);
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(baseline), [form, baseline]);
  useEditingPresence(matchId, 'content', dirty);
  const [error, setError] = useState<string | null>(null);

  const editing = useMemo(() => records.find((r) => r.id === editId) ?? null, [records, editId]);
  /** The record the form was opened on, as it was: a save as new keeps its other entries (those the form does not show). */
  const [openedRecord, setOpenedRecord] = useState<MatchContent | null>(null);
  /**
   * The record open in the form went from the pushed list (someone deleted it): the form keeps what
   * was typed, says who deleted it, and offers to save it as new content or to discard it.
   */
  const goneId = !loading && form.id !== undefined && form.id === editId && !editing ? form.id : null;
  const deletedBy = useDeletedBy(live, 'match_content', goneId);
  // Only a different record (or none) resets the form, not each reload of the list, nor the open
  // record's delete by someone else (above).
  const open = useEffectEvent(() => {
    if (!editing && form.id !== undefined && form.id === editId) return;
    setOpenedRecord(editing);
    const opened = editing ? contentFormOf(editing) : emptyContentForm(languages[0]);
    setForm(opened);
    setBaseline(opened);
    setError(null);
  });
  useEffect(() => open(), [editing?.id]);

  // The open record saved by someone else (pushed): fields left alone here take their value, so a
  // later save cannot put back what they changed; fields changed on both sides stay as typed.
  // Only a new version of the open record moves the form.
  const follow = useEffectEvent(() => {
    if (!editing || baseline.id !== editing.id || (editing.version ?? 0) <= (baseline.version ?? 0)) return;
    const theirs = contentFormOf(editing);
    const merge = merge3(baseline, form, theirs);
    if (merge.conflicts.length > 0) return;
    setForm({ ...merge.merged, version: editing.version });
    setBaseline(theirs);
  });
  useEffect(() => follow(), [editing?.version]);

  const patch = useCallback((change: Partial<ContentForm>) => setForm((f) => ({ ...f, ...change })), []);
  const scoreChoices = useFreeScores(scores, records, form, patch, setBaseline);

  /** A blank new content form, with no error. */
  const clear = () => {
    const blank = emptyContentForm(languages[0]);
    setForm(blank);
    setBaseline(blank);
    setError(null);
  };

  return { form, setForm, baseline, setBaseline, patch, clear, error, setError, editing, openedRecord, deletedBy, scoreChoices };
}

/**
 * The score selector offers only scores free for the market and channel (SPEC §5): a new record
 * whose score is taken there (another market or channel chosen) moves to the first free one.
 */
function useFreeScores(
  scores: ScoresDefinition,
  records: MatchContent[],
  form: ContentForm,
  patch: (change: Partial<ContentForm>) => void,
  setBaseline: (change: (b: ContentForm) => ContentForm) => void,
) {
  const scoreChoices = useMemo(() => scoreOptions(scores, records, form), [scores, records, form]);
  const takenNode = !form.id && scoreChoices.length > 0 && !scoreChoices.includes(form.node);
  useEffect(() => {
    if (!takenNode) return;
    // Not the operator's edit: the form opened as it is now.
    patch({ node: scoreChoices[0]! });
    setBaseline((b) => ({ ...b, node: scoreChoices[0]! }));
  }, [takenNode, scoreChoices, patch, setBaseline]);
  return scoreChoices;
}
