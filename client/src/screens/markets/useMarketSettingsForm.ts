import { routes, type Market } from '@odds/protocol';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { CONFLICT_SHOWN, merge3, useVersionedSave } from '../../components/conflict';
import { contextStore } from '../../stores/context';
import { metaToSave, valuesOf, type MarketSettingsValues, type SettingKey } from './marketSettings';

type Status = 'idle' | 'saving' | 'saved';

/** What says a market's settings are new to the form: another market, version or meta. */
const loadedKey = (market: Market) => `${market.id}:${market.version ?? 0}:${JSON.stringify(market.meta)}`;

/**
 * The values the form takes when `market` is new to it (the form read `base`): the market's own,
 * or merged into unsaved edits of the same market (a newer version only); null to stay as typed.
 */
function followedValues(market: Market, base: Market, values: MarketSettingsValues, dirty: boolean): MarketSettingsValues | null {
  if (market.id !== base.id || !dirty) return valuesOf(market);
  if ((market.version ?? 0) <= (base.version ?? 0)) return null;
  const merge = merge3(valuesOf(base), values, valuesOf(market));
  return merge.conflicts.length > 0 ? null : merge.merged;
}

/**
 * The settings form of the selected market: its values, edits and Save (SPEC §2 Markets). A save
 * names the version the form was loaded from: if another operator saved the market meanwhile, the
 * conflict dialog asks (theirs beside mine), the form keeping what was typed until then.
 */
export function useMarketSettingsForm(market: Market, onSaved: (market: Market) => void) {
  const { providerId, sportId } = useSnapshot(contextStore);
  const [values, setValues] = useState<MarketSettingsValues>(() => valuesOf(market));
  /** The market as the form read it: its version is named, its other meta kept. */
  const [base, setBase] = useState(market);
  const [status, setStatus] = useState<Status>('idle');
  const versioned = useVersionedSave();

  // Another market, or the same one saved (here or on another console: a higher version), shows
  // what the server holds; the list reading again for another market's change leaves the form alone.
  // Unsaved edits are never replaced: fields left alone take the new values (a three-way merge);
  // with a field changed on both sides the form stays as typed, and its save asks about that field.
  const loaded = loadedKey(market);
  const dirty = JSON.stringify(values) !== JSON.stringify(valuesOf(base));
  // `loaded` says when the market's settings are new.
  const follow = useEffectEvent(() => {
    // The form already stands on these settings (its first render, or the save it just made): an
    // edit typed before this effect ran must not be put back.
    if (loaded === loadedKey(base)) return;
    const next = followedValues(market, base, values, dirty);
    if (!next) return;
    setValues(next);
    setBase(market);
  });
  useEffect(() => follow(), [loaded]);

  const setSetting = (key: SettingKey, value: number | null) => {
    setStatus('idle');
    setValues((current) => ({ ...current, settings: { ...current.settings, [key]: value } }));
  };
  const setThreshold = (key: string, value: number | null) => {
    setStatus('idle');
    setValues((current) => ({ ...current, thresholds: { ...current.thresholds, [key]: value } }));
  };

  async function save() {
    setStatus('saving');
    try {
      const saved = await versioned.save<Market, Market>({
        send: (theirs, merged) => {
          const from = theirs ?? base;
          return api(routes.marketMetaSave, {
            params: { p: providerId, s: sportId, marketId: market.id },
            body: {
              market_meta: metaToSave(from, (merged as MarketSettingsValues | undefined) ?? values),
              ...(from.version === undefined ? {} : { version: from.version }),
            },
            ...CONFLICT_SHOWN,
          });
        },
        mine: () => values,
        view: valuesOf,
        started: valuesOf(base),
        adopt: (merged) => setValues(merged as MarketSettingsValues),
        keepTheirs: (theirs) => {
          setBase(theirs);
          setValues(valuesOf(theirs));
          // The list takes their record too, so choosing this market again opens it.
          onSaved(theirs);
        },
      });
      setStatus(saved ? 'saved' : 'idle');
      if (saved) {
        // The form now stands on what it saved: the next save names this version, not the one it opened.
        setBase(saved);
        setValues(valuesOf(saved));
        onSaved(saved);
      }
    } catch {
      setStatus('idle');
    }
  }

  return { values, status, setSetting, setThreshold, save, conflict: versioned.conflict };
}
