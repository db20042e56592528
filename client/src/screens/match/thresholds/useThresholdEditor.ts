import type { Contact, MatchMarket, MatchThresholdSet, SavedThreshold } from '@odds/protocol';
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { merge3 } from '../../../components/conflict';
import { marketDefaultForm } from './newSet';
import { sameSlot, savedSetOf } from './replace';
import { defaultForm, formOf, type ThresholdForm } from './thresholdForm';

export type ThresholdEditorState = ReturnType<typeof useThresholdEditor>;

/** The form as typed and as last opened or saved, with how it is opened and patched. */
function useFormBaseline() {
  const [form, setForm] = useState<ThresholdForm>(defaultForm);
  /** The form as last opened or saved: the operator is editing (others see it) while it differs. */
  const [baseline, setBaseline] = useState<ThresholdForm>(defaultForm);

  /** The form as opened (or reset): nothing typed yet. */
  const opening = useCallback((next: ThresholdForm) => {
    setForm(next);
    setBaseline(next);
  }, []);

  const patch = useCallback((change: Partial<ThresholdForm>) => setForm((f) => ({ ...f, ...change })), []);

  return { form, setForm, baseline, setBaseline, opening, patch };
}

/** The saved set the editor has open, and the note on a new set the form moved to. */
function useOpenedSet() {
  /** The saved set the editor was opened on: saving it again names its version (409 if someone changed it since). */
  const [opened, setOpened] = useState<MatchThresholdSet | null>(null);
  /** Set when a contact or line change moved the form off the set it opened onto a slot with no set. */
  const [newSetNote, setNewSetNote] = useState<string | null>(null);

  /** A save answered: the editor holds the saved set. */
  const saved = (set: MatchThresholdSet) => {
    setOpened(set);
    setNewSetNote(null);
  };
  return { opened, setOpened, newSetNote, setNewSetNote, saved };
}

/**
 * The set open in the editor moved on (another operator's save, pushed): fields left alone here
 * take their value, so a later save cannot put back what they changed. Fields changed on both
 * sides stay as typed; the save then asks about those only.
 */
function useFollowOpenSet(
  sets: MatchThresholdSet[],
  opened: MatchThresholdSet | null,
  form: ThresholdForm,
  baseline: ThresholdForm,
  {
    setOpened,
    setForm,
    setBaseline,
  }: { setOpened: (set: MatchThresholdSet) => void; setForm: (form: ThresholdForm) => void; setBaseline: (form: ThresholdForm) => void },
) {
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
}

/**
 * What a change of contact or line does when it moves the form off the set it opened onto a slot
 * with no set: the new set's form, baseline and note; null when it only patches the form.
 */
function newSetOnLeaving(
  form: ThresholdForm,
  baseline: ThresholdForm,
  change: Partial<ThresholdForm>,
  {
    market,
    opened,
    sets,
    templates,
    contacts,
  }: { market: MatchMarket | null; opened: MatchThresholdSet | null; sets: MatchThresholdSet[]; templates: SavedThreshold[]; contacts: Contact[] },
): { form: ThresholdForm; baseline: ThresholdForm; note: string } | null {
  const next = { ...form, ...change };
  const slot = market ? { market_id: market.id, contact_id: next.contactId, line: next.line } : null;
  const leaves = opened && slot && ('contactId' in change || 'line' in change) && !sameSlot(opened, slot);
  if (!leaves || !market || sets.some((s) => sameSlot(s, slot!))) return null;
  const fresh = { ...marketDefaultForm(market, templates), contactId: next.contactId, line: next.line };
  const typed = form.type !== baseline.type || JSON.stringify(form.outcomes) !== JSON.stringify(baseline.outcomes);
  const who = contacts.find((c) => c.id === next.contactId)?.name ?? 'any contact';
  return {
    form: typed ? { ...fresh, type: form.type, outcomes: form.outcomes } : fresh,
    baseline: fresh,
    note: `A new set for ${who}: it starts from the market's defaults${typed ? ' with the thresholds you typed' : ''}, with no timing.`,
  };
}

/**
 * The editor of one market's threshold set: which market and saved set it has open, the form as
 * typed and as last opened or saved (the operator is editing while they differ), and how the form
 * follows the open set when another operator's save is pushed.
 */
export function useThresholdEditor(sets: MatchThresholdSet[], markets: MatchMarket[], templates: SavedThreshold[], contacts: Contact[]) {
  const [marketId, setMarketId] = useState<number | null>(null);
  const { form, setForm, baseline, setBaseline, opening, patch } = useFormBaseline();
  const { opened, setOpened, newSetNote, setNewSetNote, saved } = useOpenedSet();
  const market: MatchMarket | null = markets.find((m) => m.id === marketId) ?? null;
  const dirty = useMemo(() => marketId !== null && JSON.stringify(form) !== JSON.stringify(baseline), [marketId, form, baseline]);

  useFollowOpenSet(sets, opened, form, baseline, { setOpened, setForm, setBaseline });

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
    },
    [sets, markets, templates, opening, setOpened, setNewSetNote],
  );

  /**
   * A change of contact or line that moves the form off the set it opened, onto a slot with no set,
   * makes it a NEW set: it starts from the market's defaults (marketDefaultForm), not from the
   * opened set's timing and thresholds; what the operator typed in the thresholds stays. Onto a slot
   * that has a set, the save asks before replacing it.
   */
  const patchForm = (change: Partial<ThresholdForm>) => {
    const fresh = newSetOnLeaving(form, baseline, change, { market, opened, sets, templates, contacts });
    if (!fresh) return patch(change);
    setOpened(null);
    setBaseline(fresh.baseline);
    setForm(fresh.form);
    setNewSetNote(fresh.note);
  };

  /** The open set is gone (deleted, or left for a new one): the form becomes `next`, or stays as typed. */
  const closeSet = (next?: ThresholdForm) => {
    setOpened(null);
    if (next) opening(next);
  };

  /** Nothing open: no market, a blank form. */
  const clear = () => {
    setOpened(null);
    setMarketId(null);
    opening(defaultForm());
  };

  return {
    marketId,
    market,
    form,
    setForm,
    baseline,
    setBaseline,
    opened,
    setOpened,
    newSetNote,
    dirty,
    opening,
    edit,
    patch,
    patchForm,
    saved,
    closeSet,
    clear,
  };
}
