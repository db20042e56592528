import { CHANNELS, routes, type Contact, type MatchContent, type ScoresDefinition } from '@odds/protocol';
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api } from '../../../api/client';
import { apiKey, useApiQuery } from '../../../api/queries';
import { merge3, useVersionedSave } from '../../../components/conflict';
import { useChangeMarks } from '../../../live/useChangeMarks';
import { useEditingPresence } from '../../../live/useEditingPresence';
import { useDeletedBy, useOtherEditors } from '../../../live/useDeletedBy';
import { sessionStore } from '../../../stores/session';
import { byMarketThenId, useLiveTable, useOwnWrites } from '../../../live/useLiveTable';
import { addToBasket } from '../../../stores/basket';
import { contextStore } from '../../../stores/context';
import { useMatchPage } from '../../../live/matchPage';
import { contentFormOf, emptyContentForm, scoreOptions, type ContentForm } from '../../../components/content/contentForm';
import { useContentSave } from './useContentSave';

const NO_CONTACTS: Contact[] = [];
const NO_SCORES: ScoresDefinition = {
  max_score: 0,
  increment: 1,
  max_sub_node: 0,
  sub_node_increment: 1,
  sub_nodes: [],
  max_leaf_node: 0,
  leaf_node_increment: 1,
  leaf_nodes: [],
};

/**
 * The Content tab (SPEC §2): the match's content records, the form (new, or `?edit=id`), delete
 * after a confirmation dialog, and Add to basket. Which record is edited lives in the address.
 */
export function useContentTab() {
  const { matchId, markets, live } = useMatchPage();
  const conflict = useVersionedSave();
  const context = useSnapshot(contextStore);
  const myId = useSnapshot(sessionStore).user?.id;
  const provider = context.providers.find((p) => p.id === context.providerId);
  const sport = provider?.sports.find((s) => s.id === context.sportId);
  const scores = (sport?.scores ?? NO_SCORES) as ScoresDefinition;
  const languages = provider?.meta.languages ?? ['en'];
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const editId = Number(search.get('edit')) || null;

  // The records as the match's live topic holds them: another operator's save is pushed as the
  // saved record (read over REST only until the topic's first snapshot).
  const table = useLiveTable(
    live,
    'content',
    apiKey(routes.matchContent, { matchId }, null),
    (signal) => api(routes.matchContent, { params: { matchId }, signal }).then((r) => r.results),
    byMarketThenId,
  );
  /** With the records saved or deleted here that the push has not brought yet. */
  const own = useOwnWrites(table.rows, byMarketThenId);
  const records = own.rows;
  const loading = !table.loaded;
  const contacts: Contact[] = useApiQuery(routes.contacts, { query: { provider: context.providerId, limit: 1000 } }).data?.items ?? NO_CONTACTS;
  const [form, setForm] = useState<ContentForm>(() => emptyContentForm(languages[0]));
  /** The form as last opened or saved: the operator is editing (others see it) while it differs. */
  const [baseline, setBaseline] = useState<ContentForm>(form);
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(baseline), [form, baseline]);
  useEditingPresence(matchId, 'content', dirty);
  const [error, setError] = useState<string | null>(null);

  const marks = useChangeMarks('match_content', records, !loading, live);

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

  // The score selector offers only scores free for the market and channel (SPEC §5): a new record
  // whose score is taken there (another market or channel chosen) moves to the first free one.
  const scoreChoices = useMemo(() => scoreOptions(scores, records, form), [scores, records, form]);
  const takenNode = !form.id && scoreChoices.length > 0 && !scoreChoices.includes(form.node);
  useEffect(() => {
    if (!takenNode) return;
    // Not the operator's edit: the form opened as it is now.
    patch({ node: scoreChoices[0]! });
    setBaseline((b) => ({ ...b, node: scoreChoices[0]! }));
  }, [takenNode, scoreChoices, patch]);

  const remove = async (record: MatchContent) => {
    try {
      await api(routes.matchContentDelete, { params: { matchContentId: record.id } });
      own.deleted([record.id]);
      // My own delete of the record open in the form: the form goes back to new content.
      if (form.id === record.id) discard();
    } catch {
      // The API client has shown why.
    }
  };

  /** The open record was deleted by someone else, and I drop my edit too: a blank new content form. */
  const discard = () => {
    const blank = emptyContentForm(languages[0]);
    setForm(blank);
    setBaseline(blank);
    setError(null);
    edit(null);
  };

  function edit(record: MatchContent | null) {
    const next = new URLSearchParams(search);
    if (record) next.set('edit', String(record.id));
    else next.delete('edit');
    void navigate({ pathname: `/match/${matchId}/content`, search: next.toString() });
  }

  const { save, saveAsNew, saving } = useContentSave({
    matchId,
    form,
    setForm,
    baseline,
    setBaseline,
    editing,
    openedRecord,
    deletedBy,
    scoreChoices,
    names: {
      market: (id: number) => markets.find((m) => m.id === id)?.name,
      channel: (id: number) => CHANNELS.find((c) => c.id === id)?.name,
      contact: (id: number) => contacts.find((c) => c.id === id)?.name,
    },
    conflict,
    ownSaved: own.saved,
    setError,
    blank: () => emptyContentForm(languages[0]),
    closeEdit: () => edit(null),
  });

  const setSearchParam = (name: string, value: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  return {
    matchId,
    markets,
    records,
    loading,
    contacts,
    scores,
    scoreChoices,
    languages,
    periods: sport?.periods ?? 2,
    form,
    patch,
    editing,
    error,
    saving,
    save,
    remove,
    edit,
    deletedBy,
    saveAsNew,
    discard,
    otherEditors: useOtherEditors(live, 'content', myId),
    addToBasket,
    search,
    setSearchParam,
    conflict: conflict.conflict,
    marks,
  };
}

export type ContentTab = ReturnType<typeof useContentTab>;
