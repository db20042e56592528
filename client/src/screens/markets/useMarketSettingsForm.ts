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

  // Another market, or the same one saved: the form shows what the server holds.
  useEffect(() => {
    setValues(valuesOf(market));
  }, [market]);

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
