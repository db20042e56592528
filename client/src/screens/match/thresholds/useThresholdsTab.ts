import {
  routes,
  type BacktestReply,
  type Contact,
  type MatchMarket,
  type MatchThresholdInput,
  type MatchThresholdSet,
  type SavedThreshold,
} from '@odds/protocol';
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useOtherEditors } from '../../../live/useDeletedBy';
import { api } from '../../../api/client';
import { apiKey, invalidateRoute, useApiQuery } from '../../../api/queries';
import { ApiError, handleApiError } from '../../../api/errors';
import { CONFLICT_SHOWN, conflictOf, merge3, useVersionedSave } from '../../../components/conflict';
import { useChangeMarks } from '../../../live/useChangeMarks';
import { useEditingPresence } from '../../../live/useEditingPresence';
import { useProviderChanges } from '../../../live/useProviderChanges';
import { byMarketThenId, useLiveTable, useOwnWrites } from '../../../live/useLiveTable';
import { replaceQuestion, sameSlot, savedSetOf } from './replace';
import { contextStore } from '../../../stores/context';
import { sessionStore } from '../../../stores/session';
import { useMatchPage } from '../../../live/matchPage';
import { buildInput, defaultForm, formOf, recordOf, type ThresholdForm, type ThresholdRecord } from './thresholdForm';
import { useDeletedWhileOpen } from './useDeletedWhileOpen';
import { marketDefaultForm } from './newSet';
import { ask } from '../../../components/question';

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
  const [marketId, setMarketId] = useState<number | null>(null);
  const [form, setForm] = useState<ThresholdForm>(defaultForm);
  /** The form as last opened or saved: the operator is editing (others see it) while it differs. */
  const [baseline, setBaseline] = useState<ThresholdForm>(defaultForm);
  const opening = useCallback((next: ThresholdForm) => {
    setForm(next);
    setBaseline(next);
  }, []);
  const dirty = useMemo(() => marketId !== null && JSON.stringify(form) !== JSON.stringify(baseline), [marketId, form, baseline]);
  useEditingPresence(matchId, 'thresholds', dirty);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [backtest, setBacktest] = useState<BacktestReply | null>(null);
  /** The saved set the editor was opened on: saving it again names its version (409 if someone changed it since). */
  const [opened, setOpened] = useState<MatchThresholdSet | null>(null);
  /** Set when a contact or line change moved the form off the set it opened onto a slot with no set. */
  const [newSetNote, setNewSetNote] = useState<string | null>(null);
  // Templates (and market settings) saved on any console of the provider: the 'Saved threshold'
  // choices read again and say who changed them; the markets are read again by the match page.
  const providerChanges = useProviderChanges(TEMPLATE_CHANGES, () => void invalidateRoute(routes.savedThresholds));
  const marketChanges = useProviderChanges(MARKET_CHANGES);

  const marks = useChangeMarks('threshold_set', sets, loaded, live);

  // The set open in the editor moved on (another operator's save, pushed): fields left alone here
  // take their value, so a later save cannot put back what they changed. Fields changed on both
  // sides stay as typed; the save then asks about those only.
  const current = opened ? sets.find((s) => s.id === opened.id) : undefined;
  // Only a new version of the open set moves the form.
  const follow = useEffectEvent(() => {
    if (!opened || !current || (current.version ?? 0) <= (opened.version ?? 0)) return;
    const theirs = { ...defaultForm(), ...formOf(current) };
    const merge = merge3(baseline, form, theirs);
    // A field changed on both sides: the form keeps the version it read, so its save meets theirs and asks.
    if (merge.conflicts.length > 0) return;
    setOpened(current);
    setForm(merge.merged);
    setBaseline(theirs);
  });
  useEffect(() => follow(), [current?.version]);
  const deleted = useDeletedWhileOpen(opened, sets, loaded, live);

  const active = useMemo(() => markets.filter((m) => m.has_content || sets.some((s) => s.market_id === m.id)), [markets, sets]);
  /** No market has content or a set yet: every market is listed, and the first one opens in the editor. */
  const noneActive = loaded && markets.length > 0 && active.length === 0;
  const shown = showAll || noneActive ? markets : active;
  const market: MatchMarket | null = markets.find((m) => m.id === marketId) ?? null;
  const contact = contacts.find((c) => c.id === form.contactId) ?? null;
  const isFeedContact = contact?.channel?.code === 'FEED';

  const toggleAll = () =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (showAll) next.delete('all');
      else next.set('all', '1');
      return next;
    });

  // Clicking a market that has a saved set opens that set (the one for any contact and line first),
  // so the operator edits it instead of typing over it unseen.
  // A market without a set starts from the market's defaults.
  const edit = useCallback(
    (id: number, from?: MatchThresholdSet | SavedThreshold) => {
      const saved = from ?? savedSetOf(sets, id);
      const of = markets.find((m) => m.id === id);
      setMarketId(id);
      setOpened(saved && 'match_id' in saved ? saved : null);
      setNewSetNote(null);
      opening(saved ? { ...defaultForm(), ...formOf(saved) } : of ? marketDefaultForm(of, templates) : defaultForm());
      setError(null);
      setBacktest(null);
    },
    [sets, markets, templates, opening],
  );

  // On a match with nothing to show yet the editor is not hidden behind 'Show All Markets' and a click.
  useEffect(() => {
    if (noneActive && marketId === null) edit(markets[0]!.id);
  }, [noneActive, marketId, markets, edit]);

  const patch = useCallback((change: Partial<ThresholdForm>) => setForm((f) => ({ ...f, ...change })), []);

  /**
   * A change of contact or line that moves the form off the set it opened, onto a slot with no set,
   * makes it a NEW set: it starts from the market's defaults (marketDefaultForm), not from the
   * opened set's timing and thresholds; what the operator typed in the thresholds stays. Onto a slot
   * that has a set, the save asks before replacing it.
   */
  const patchForm = (change: Partial<ThresholdForm>) => {
    const next = { ...form, ...change };
    const slot = market ? { market_id: market.id, contact_id: next.contactId, line: next.line } : null;
    const leaves = opened && slot && ('contactId' in change || 'line' in change) && !sameSlot(opened, slot);
    if (!leaves || !market || sets.some((s) => sameSlot(s, slot!))) return patch(change);
    const fresh = { ...marketDefaultForm(market, templates), contactId: next.contactId, line: next.line };
    const typed = form.type !== baseline.type || JSON.stringify(form.outcomes) !== JSON.stringify(baseline.outcomes);
    setOpened(null);
    setBaseline(fresh);
    setForm(typed ? { ...fresh, type: form.type, outcomes: form.outcomes } : fresh);
    const who = contacts.find((c) => c.id === next.contactId)?.name ?? 'any contact';
    setNewSetNote(`A new set for ${who}: it starts from the market's defaults${typed ? ' with the thresholds you typed' : ''}, with no timing.`);
  };

  const build = () => (market ? buildInput(form, market.id, isFeedContact) : ({ ok: false, error: 'Choose a market.' } as const));

  /** My save answered: the editor holds it, and the list shows it until the push brings it. */
  const savedHere = (saved: MatchThresholdSet) => {
    setOpened(saved);
    setNewSetNote(null);
    own.saved(saved);
  };

  const save = async () => {
    const built = build();
    if (!built.ok) return setError(built.error);
    setError(null);
    setSaving(true);
    let submitted = form;
    try {
      const versioned = opened && sameSlot(opened, built.input) ? opened : null;
      if (versioned) {
        // Someone saved the set this editor opened: fields only they changed are taken, fields only
        // I changed kept; the dialog asks only about fields we both changed (theirs beside mine).
        // Another type is another shape of thresholds: then the whole set is in question.
        const started = recordOf(versioned);
        const saved = await conflict.save<MatchThresholdSet, MatchThresholdSet>({
          send: (theirs, merged) =>
            api(routes.matchThresholdsSave, {
              params: { matchId },
              body: { ...built.input, ...(merged as ThresholdRecord | undefined), version: (theirs ?? versioned).version } as MatchThresholdInput,
              ...CONFLICT_SHOWN,
            }),
          mine: () => built.input,
          view: recordOf,
          ...(started.type === built.input.type ? { started } : {}),
          adopt: (merged) => {
            submitted = { ...submitted, ...formOf(merged as MatchThresholdSet) };
            setForm(submitted);
          },
          keepTheirs: (theirs) => {
            setOpened(theirs);
            opening({ ...defaultForm(), ...formOf(theirs) });
          },
        });
        // Kept theirs, or closed the dialog: nothing of mine was saved (the form stays as it is).
        if (!saved) return;
        savedHere(saved);
      } else {
        try {
          // A set deleted while open goes again only when the operator chose 'Recreate it'.
          if (deleted.by) return;
          savedHere(await api(routes.matchThresholdsSave, { params: { matchId }, body: built.input, ...CONFLICT_SHOWN }));
        } catch (error) {
          const reply = conflictOf(error);
          if (!reply) {
            if (error instanceof ApiError && error.status === 409) handleApiError(error, {});
            throw error;
          }
          // A set exists for this market, contact and line: replace it only when the operator says so.
          if (
            !(await ask(replaceQuestion(reply.current as MatchThresholdSet), {
              header: 'A set exists for this market and contact',
              accept: 'Replace',
              danger: true,
            }))
          )
            return;
          savedHere(await api(routes.matchThresholdsSave, { params: { matchId }, body: { ...built.input, replace: true } }));
        }
      }
      setBaseline(submitted);
      // A set saved 'as template' joins the 'Saved threshold' choices.
      if (built.input.saveAsTemplate) void invalidateRoute(routes.savedThresholds);
    } catch {
      // The API client has shown why.
    } finally {
      setSaving(false);
    }
  };

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
    setOpened(null);
    opening(defaultForm());
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
      setOpened(null);
      opening(of ? marketDefaultForm(of, templates) : defaultForm());
    }
    own.deleted([set.id]);
  };

  /** The open set was deleted by someone else: save mine as a new set ('Recreate it'), or drop the edit. */
  const recreate = () => {
    setOpened(null);
    deleted.dismiss();
    void save();
  };
  const discard = () => {
    setOpened(null);
    deleted.dismiss();
    setMarketId(null);
    opening(defaultForm());
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
    patch: patchForm,
    newSetNote,
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
    dirty,
    templateChangedBy: providerChanges.latest?.by,
    marketChangedBy: (id: number) => marketChanges.markOf('market', id),
  };
}
