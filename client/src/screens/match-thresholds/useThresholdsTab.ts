import { routes, type BacktestReply, type Contact, type MatchMarket, type MatchThresholdSet, type SavedThreshold } from '@odds/protocol';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { contextStore } from '../../stores/context';
import { useMatchPage } from '../match/useMatchPage';
import { buildInput, defaultForm, formOf, type ThresholdForm } from './thresholdForm';

/**
 * The Thresholds tab (SPEC §2): markets with content (or all, `?all=1`), the match's threshold sets
 * under each, the editor for one market, 'Delete all', and a backtest over the match's offers.
 */
export function useThresholdsTab() {
  const { matchId, markets, version: pageVersion } = useMatchPage();
  const { providerId } = useSnapshot(contextStore);
  const [search, setSearch] = useSearchParams();
  const showAll = search.get('all') === '1';
  const [sets, setSets] = useState<MatchThresholdSet[]>([]);
  const [loading, setLoading] = useState(true);
  const [templates, setTemplates] = useState<SavedThreshold[]>([]);
  const [contacts, setContacts] = useState<Contact[]>([]);
  const [version, setVersion] = useState(0);
  const [marketId, setMarketId] = useState<number | null>(null);
  const [form, setForm] = useState<ThresholdForm>(defaultForm);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [backtest, setBacktest] = useState<BacktestReply | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    setLoading(true);
    api(routes.matchThresholds, { params: { matchId }, signal }).then(
      (reply) => {
        setSets(reply.results);
        setLoading(false);
      },
      () => !signal.aborted && setLoading(false),
    );
    return () => controller.abort();
  }, [matchId, version, pageVersion]);

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    api(routes.savedThresholds, { params: { p: providerId }, query: { limit: 1000 }, signal }).then((r) => setTemplates(r.results), () => undefined);
    api(routes.contacts, { query: { provider: providerId, limit: 1000 }, signal }).then((r) => setContacts(r.items), () => undefined);
    return () => controller.abort();
    // After each save too (`version`): a set saved 'as template' joins the 'Saved threshold' choices.
  }, [providerId, version]);

  const shown = useMemo(() => markets.filter((m) => showAll || m.has_content || sets.some((s) => s.market_id === m.id)), [markets, showAll, sets]);
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

  const edit = useCallback((id: number, from?: MatchThresholdSet | SavedThreshold) => {
    setMarketId(id);
    setForm(from ? formOf(from) : defaultForm());
    setError(null);
    setBacktest(null);
  }, []);

  const patch = useCallback((change: Partial<ThresholdForm>) => setForm((f) => ({ ...f, ...change })), []);

  const build = () => (market ? buildInput(form, market.id, isFeedContact) : ({ ok: false, error: 'Choose a market.' } as const));

  const save = async () => {
    const built = build();
    if (!built.ok) return setError(built.error);
    setError(null);
    setSaving(true);
    try {
      await api(routes.matchThresholdsSave, { params: { matchId }, body: built.input });
      setVersion((v) => v + 1);
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
      try {
        await api(routes.matchThresholdsDelete, { params: { matchId }, query: { thresholds_id: sets.map((s) => s.id) } });
      } catch {
        return;
      }
    }
    setForm(defaultForm());
    setBacktest(null);
    setVersion((v) => v + 1);
  };

  return {
    matchId, shown, showAll, toggleAll, sets, loading, templates, contacts, market, form, patch, edit, error,
    saving, save, deleteAll, backtest, runBacktest, isFeedContact,
  };
}

export type ThresholdsTab = ReturnType<typeof useThresholdsTab>;
