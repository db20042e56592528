import { routes, type BacktestReply, type Contact, type MatchThresholdSet, type SavedThreshold } from '@odds/protocol';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useOtherEditors } from '../../../live/useDeletedBy';
import { api } from '../../../api/client';
import { apiKey, invalidateRoute, useApiQuery } from '../../../api/queries';
import { useVersionedSave } from '../../../components/conflict';
import { useChangeMarks } from '../../../live/useChangeMarks';
import { useEditingPresence } from '../../../live/useEditingPresence';
import { useProviderChanges } from '../../../live/useProviderChanges';
import { byMarketThenId, useLiveTable, useOwnWrites } from '../../../live/useLiveTable';
import { contextStore } from '../../../stores/context';
import { sessionStore } from '../../../stores/session';
import { useMatchPage } from '../../../live/matchPage';
import { buildInput, defaultForm } from './thresholdForm';
import { useThresholdEditor } from './useThresholdEditor';
import { useThresholdSave } from './useThresholdSave';
import { useDeletedWhileOpen } from './useDeletedWhileOpen';
import { marketDefaultForm } from './newSet';

const TEMPLATE_CHANGES = ['saved_threshold'] as const;
const MARKET_CHANGES = ['market'] as const;
const NO_TEMPLATES: SavedThreshold[] = [];
const NO_CONTACTS: Contact[] = [];

/**
 * The Thresholds tab (SPEC §2): markets with content (or all, `?all=1`), the match's threshold sets
 * under each, the editor for one market, 'Delete all', and a backtest over the match's offers.
 */
export function useThresholdsTab() {
  const { matchId, markets, live } = useMatchPage();
  const conflict = useVersionedSave();
  const { providerId } = useSnapshot(contextStore);
  const myId = useSnapshot(sessionStore).user?.id;
  // Re-render on presence changes: who else edits the tab is read when 'Delete all' asks.
  const otherEditors = useOtherEditors(live, 'thresholds', myId);
  const [search, setSearch] = useSearchParams();
  const showAll = search.get('all') === '1';
  // The sets as the match's live topic holds them: another operator's save is pushed as the saved
  // set (read over REST only until the topic's first snapshot).
  const table = useLiveTable(
    live,
    'thresholds',
    apiKey(routes.matchThresholds, { matchId }, null),
    (signal) => api(routes.matchThresholds, { params: { matchId }, signal }).then((r) => r.results),
    byMarketThenId,
  );
  /** With the sets saved or deleted here that the push has not brought yet. */
  const own = useOwnWrites(table.rows, byMarketThenId);
  const sets = own.rows;
  const loaded = table.loaded;
  const loading = !loaded;
  // Templates and contacts through the query cache (the Markets and Contacts screens share them).
  const templates: SavedThreshold[] = useApiQuery(routes.savedThresholds, { params: { p: providerId }, query: { limit: 1000 } }).data?.results ?? NO_TEMPLATES;
  const contacts: Contact[] = useApiQuery(routes.contacts, { query: { provider: providerId, limit: 1000 } }).data?.items ?? NO_CONTACTS;
  const editor = useThresholdEditor(sets, markets, templates, contacts);
  const { market, form, opened } = editor;
  useEditingPresence(matchId, 'thresholds', editor.dirty);
  const [error, setError] = useState<string | null>(null);
  const [backtest, setBacktest] = useState<BacktestReply | null>(null);
  // Templates (and market settings) saved on any console of the provider: the 'Saved threshold'
  // choices read again and say who changed them; the markets are read again by the match page.
  const providerChanges = useProviderChanges(TEMPLATE_CHANGES, () => void invalidateRoute(routes.savedThresholds));
  const marketChanges = useProviderChanges(MARKET_CHANGES);

  const marks = useChangeMarks('threshold_set', sets, loaded, live);
  const deleted = useDeletedWhileOpen(opened, sets, loaded, live);

  const active = useMemo(() => markets.filter((m) => m.has_content || sets.some((s) => s.market_id === m.id)), [markets, sets]);
  /** No market has content or a set yet: every market is listed, and the first one opens in the editor. */
  const noneActive = loaded && markets.length > 0 && active.length === 0;
  const shown = showAll || noneActive ? markets : active;
  const contact = contacts.find((c) => c.id === form.contactId) ?? null;
  const isFeedContact = contact?.channel?.code === 'FEED';

  const toggleAll = () =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (showAll) next.delete('all');
      else next.set('all', '1');
      return next;
    });

  /** A market (or a set) opened in the editor, with no error or backtest of the one before. */
  const edit = useCallback(
    (id: number, from?: MatchThresholdSet | SavedThreshold) => {
      editor.edit(id, from);
      setError(null);
      setBacktest(null);
    },
    [editor.edit],
  );

  // On a match with nothing to show yet the editor is not hidden behind 'Show All Markets' and a click.
  useEffect(() => {
    if (noneActive && editor.marketId === null) edit(markets[0]!.id);
  }, [noneActive, editor.marketId, markets, edit]);

  const build = () => (market ? buildInput(form, market.id, isFeedContact) : ({ ok: false, error: 'Choose a market.' } as const));
  const { save, saving } = useThresholdSave({ matchId, editor, conflict, build, ownSaved: own.saved, deletedBy: deleted.by, setError });

  const runBacktest = async () => {
    const built = build();
    if (!built.ok) return setError(built.error);
    setError(null);
    const { saveAsTemplate: _name, saveAsTemplateDefault: _default, timed: _timed, ...threshold_set } = built.input;
    try {
      setBacktest(await api(routes.backtest, { body: { match_id: matchId, threshold_set } }));
    } catch {
      setBacktest(null);
    }
  };

  /** 'Delete all' (after 'Are you sure?'): every set of the match goes, and the editor is back to Value mode. */
  const deleteAll = async () => {
    if (sets.length > 0) {
      const ids = sets.map((s) => s.id);
      try {
        await api(routes.matchThresholdsDelete, { params: { matchId }, query: { thresholds_id: ids } });
      } catch {
        return;
      }
      own.deleted(ids);
    }
    editor.closeSet(defaultForm());
    setBacktest(null);
  };

  /** One set's delete (after its own 'Are you sure?'); my delete of the set open in the editor leaves a blank form of its market. */
  const deleteOne = async (set: MatchThresholdSet) => {
    try {
      await api(routes.matchThresholdsDelete, { params: { matchId }, query: { thresholds_id: [set.id] } });
    } catch {
      return;
    }
    if (opened?.id === set.id) {
      const of = markets.find((m) => m.id === set.market_id);
      editor.closeSet(of ? marketDefaultForm(of, templates) : defaultForm());
    }
    own.deleted([set.id]);
  };

  /** The open set was deleted by someone else: save mine as a new set ('Recreate it'), or drop the edit. */
  const recreate = () => {
    editor.closeSet();
    deleted.dismiss();
    void save();
  };
  const discard = () => {
    deleted.dismiss();
    editor.clear();
  };

  return {
    matchId,
    shown,
    showAll,
    noneActive,
    toggleAll,
    sets,
    loading,
    templates,
    contacts,
    market,
    form,
    patch: editor.patchForm,
    newSetNote: editor.newSetNote,
    edit,
    error,
    saving,
    save,
    deleteAll,
    deleteOne,
    backtest,
    deletedBy: deleted.by,
    recreate,
    discard,
    otherEditors,
    runBacktest,
    isFeedContact,
    conflict: conflict.conflict,
    marks,
    dirty: editor.dirty,
    templateChangedBy: providerChanges.latest?.by,
    marketChangedBy: (id: number) => marketChanges.markOf('market', id),
  };
}
