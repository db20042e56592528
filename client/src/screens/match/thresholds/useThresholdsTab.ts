import { routes, type Contact, type MatchMarket, type MatchThresholdSet, type SavedThreshold } from '@odds/protocol';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useOtherEditors } from '../../../live/useDeletedBy';
import { api } from '../../../api/client';
import { apiKey, invalidateRoute, useApiQuery } from '../../../api/queries';
import { useVersionedSave } from '../../../components/conflict';
import { useChangeMarks } from '../../../live/useChangeMarks';
import { useEditingPresence } from '../../../live/useEditingPresence';
import type { MatchLive } from '../../../live/matchLive';
import { useProviderChanges } from '../../../live/useProviderChanges';
import { byMarketThenId, useLiveTable, useOwnWrites } from '../../../live/useLiveTable';
import { contextStore } from '../../../stores/context';
import { sessionStore } from '../../../stores/session';
import { useMatchPage } from '../../../live/matchPage';
import { buildInput, type ThresholdForm } from './thresholdForm';
import { useBacktest } from './useBacktest';
import { useThresholdEditor } from './useThresholdEditor';
import { useThresholdDeletes } from './useThresholdDeletes';
import { useThresholdSave } from './useThresholdSave';
import { useDeletedWhileOpen } from './useDeletedWhileOpen';

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
  const { sets, loaded, own } = useThresholdSets(matchId, live);
  const choices = useThresholdChoices(providerId);
  const { templates, contacts } = choices;
  const editor = useThresholdEditor(sets, markets, templates, contacts);
  useEditingPresence(matchId, 'thresholds', editor.dirty);
  const [error, setError] = useState<string | null>(null);

  const marks = useChangeMarks('threshold_set', sets, loaded, live);
  const deleted = useDeletedWhileOpen(editor.opened, sets, loaded, live);
  const listed = useShownMarkets(markets, sets, loaded);
  const { isFeedContact, build } = formBuilder(editor.form, editor.market, contacts);
  const { backtest, setBacktest, runBacktest } = useBacktest(matchId, build, setError);

  /** A market (or a set) opened in the editor, with no error or backtest of the one before. */
  const edit = useCallback(
    (id: number, from?: MatchThresholdSet | SavedThreshold) => {
      editor.edit(id, from);
      setError(null);
      setBacktest(null);
    },
    [editor.edit, setBacktest],
  );

  // On a match with nothing to show yet the editor is not hidden behind 'Show All Markets' and a click.
  useEffect(() => {
    if (listed.noneActive && editor.marketId === null) edit(markets[0]!.id);
  }, [listed.noneActive, editor.marketId, markets, edit]);

  const { save, saving } = useThresholdSave({ matchId, editor, conflict, build, ownSaved: own.saved, deletedBy: deleted.by, setError });
  const { deleteAll, deleteOne } = useThresholdDeletes({ matchId, markets, sets, templates, editor, ownDeleted: own.deleted, setBacktest });

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
    ...listed,
    sets,
    loading: !loaded,
    ...choices,
    market: editor.market,
    form: editor.form,
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
  };
}

/**
 * The sets as the match's live topic holds them: another operator's save is pushed as the saved
 * set (read over REST only until the topic's first snapshot), with the sets saved or deleted here
 * that the push has not brought yet.
 */
function useThresholdSets(matchId: number, live: MatchLive | null) {
  const table = useLiveTable(
    live,
    'thresholds',
    apiKey(routes.matchThresholds, { matchId }, null),
    (signal) => api(routes.matchThresholds, { params: { matchId }, signal }).then((r) => r.results),
    byMarketThenId,
  );
  const own = useOwnWrites(table.rows, byMarketThenId);
  return { sets: own.rows, loaded: table.loaded, own };
}

/**
 * The editor's choices: templates and contacts through the query cache (the Markets and Contacts
 * screens share them), and who changed a template or a market on any console of the provider.
 */
function useThresholdChoices(providerId: number) {
  const templates: SavedThreshold[] = useApiQuery(routes.savedThresholds, { params: { p: providerId }, query: { limit: 1000 } }).data?.results ?? NO_TEMPLATES;
  const contacts: Contact[] = useApiQuery(routes.contacts, { query: { provider: providerId, limit: 1000 } }).data?.items ?? NO_CONTACTS;
  // Templates (and market settings) saved on any console of the provider: the 'Saved threshold'
  // choices read again and say who changed them; the markets are read again by the match page.
  const providerChanges = useProviderChanges(TEMPLATE_CHANGES, () => void invalidateRoute(routes.savedThresholds));
  const marketChanges = useProviderChanges(MARKET_CHANGES);
  return {
    templates,
    contacts,
    templateChangedBy: providerChanges.latest?.by,
    marketChangedBy: (id: number) => marketChanges.markOf('market', id),
  };
}

/** The editor's form as the request it makes (min and max go only for a FEED contact), or why it cannot be sent. */
function formBuilder(form: ThresholdForm, market: MatchMarket | null, contacts: Contact[]) {
  const contact = contacts.find((c) => c.id === form.contactId) ?? null;
  const isFeedContact = contact?.channel?.code === 'FEED';
  const build = () => (market ? buildInput(form, market.id, isFeedContact) : ({ ok: false, error: 'Choose a market.' } as const));
  return { isFeedContact, build };
}

/** The markets listed: those with content or a set, or all (`?all=1`, or while none has either). */
function useShownMarkets(markets: MatchMarket[], sets: MatchThresholdSet[], loaded: boolean) {
  const [search, setSearch] = useSearchParams();
  const showAll = search.get('all') === '1';
  const active = useMemo(() => markets.filter((m) => m.has_content || sets.some((s) => s.market_id === m.id)), [markets, sets]);
  /** No market has content or a set yet: every market is listed, and the first one opens in the editor. */
  const noneActive = loaded && markets.length > 0 && active.length === 0;
  const shown = showAll || noneActive ? markets : active;

  const toggleAll = () =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (showAll) next.delete('all');
      else next.set('all', '1');
      return next;
    });

  return { shown, showAll, noneActive, toggleAll };
}

export type ThresholdsTabState = ReturnType<typeof useThresholdsTab>;
