import { routes, type Market } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { contextStore } from '../../stores/context';
import { metaToSave, valuesOf, type MarketSettingsValues, type SettingKey } from './marketSettings';

type Status = 'idle' | 'saving' | 'saved';

/** The settings form of the selected market: its values, edits and Save (SPEC §2 Markets). */
export function useMarketSettingsForm(market: Market, onSaved: (market: Market) => void) {
  const { providerId, sportId } = useSnapshot(contextStore);
  const [values, setValues] = useState<MarketSettingsValues>(() => valuesOf(market));
  const [status, setStatus] = useState<Status>('idle');

  // Another market, or the same one saved (here or on another console: a higher version), shows
  // what the server holds; the list reading again for another market's change leaves the form alone.
  const loaded = `${market.id}:${market.version ?? 0}:${JSON.stringify(market.meta)}`;
  useEffect(() => {
    setValues(valuesOf(market));
    // `loaded` says when the market's settings are new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

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
      const saved = await api(routes.marketMetaSave, {
        params: { p: providerId, s: sportId, marketId: market.id },
        body: { market_meta: metaToSave(market, values) },
      });
      setStatus('saved');
      onSaved(saved);
    } catch {
      setStatus('idle');
    }
  }

  return { values, status, setSetting, setThreshold, save };
}
