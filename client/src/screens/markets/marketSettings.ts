import { fromThousandths, toThousandths, type Market, type MarketMeta } from '@odds/protocol';

/** The settings of SPEC §2 Markets, by meta key, with their labels. */
export const SETTING_FIELDS = [
  { key: 'first_minute', label: 'First Minute' },
  { key: 'last_minute', label: 'Last Minute' },
  { key: 'send_delay_minutes', label: 'Send Delay (minutes)' },
  { key: 'max_threshold', label: 'Max Threshold' },
  { key: 'pass_threshold', label: 'Pass Threshold' },
  { key: 'pass_threshold_timeout', label: 'Pass Threshold Timeout' },
] as const;

export type SettingKey = (typeof SETTING_FIELDS)[number]['key'];

/** The form's values: settings as numbers, thresholds as decimal odds; null is an empty field. */
export interface MarketSettingsValues {
  settings: Record<SettingKey, number | null>;
  thresholds: Record<string, number | null>;
}

const isLimit = (key: string) => /_?(min|max)$/.test(key);

/**
 * The threshold keys that get a value, Min and Max field: every key of the market's thresholds
 * not ending in min or max (SPEC §2); a market with none yet offers its type's outcomes.
 */
export function thresholdKeys(market: Pick<Market, 'meta' | 'type'>): string[] {
  const keys = Object.keys(market.meta.thresholds ?? {}).filter((key) => !isLimit(key));
  return keys.length ? keys : [...market.type.outcomes];
}

/** The form's values for a market: odds in thousandths become decimals. */
export function valuesOf(market: Pick<Market, 'meta' | 'type'>): MarketSettingsValues {
  const meta = market.meta;
  const settings = Object.fromEntries(SETTING_FIELDS.map(({ key }) => [key, meta[key] ?? null])) as MarketSettingsValues['settings'];
  const thresholds: Record<string, number | null> = {};
  for (const key of thresholdKeys(market)) {
    for (const name of [key, `${key}_min`, `${key}_max`]) {
      const value = meta.thresholds?.[name];
      thresholds[name] = typeof value === 'number' && Number.isInteger(value) ? fromThousandths(value) : null;
    }
  }
  return { settings, thresholds };
}

/**
 * The `market_meta` to save: the market's other meta kept, the settings as numbers (SPEC §5),
 * empty ones null, and the thresholds back in thousandths (empty ones left out).
 */
export function metaToSave(market: Pick<Market, 'meta'>, values: MarketSettingsValues): MarketMeta {
  const thresholds: Record<string, number> = {};
  for (const [key, value] of Object.entries(values.thresholds)) {
    if (value !== null && Number.isFinite(value)) thresholds[key] = toThousandths(value);
  }
  const settings = Object.fromEntries(Object.entries(values.settings).map(([key, value]) => [key, value === null ? null : Number(value)]));
  return { ...market.meta, ...settings, thresholds };
}

const LABELS: Record<string, string> = Object.fromEntries(SETTING_FIELDS.map(({ key, label }) => [key, label]));

/**
 * A market settings field in the form's words, for the conflict dialog ('settings.first_minute'
 * → 'First Minute', 'thresholds.home_min' → 'home Min') and the History panel ('meta.thresholds.home'
 * → 'home value').
 */
export function marketFieldLabel(path: string): string {
  const [group, key = ''] = path.replace(/^(meta|settings)\./, '').split('.');
  if (group !== 'thresholds') return LABELS[group!] ?? path.replace(/^(meta|settings)\./, '').replace(/[._]/g, ' ');
  const limit = /^(.*)_(min|max)$/.exec(key);
  return limit ? `${limit[1]} ${limit[2] === 'min' ? 'Min' : 'Max'}` : `${key} value`;
}

/** Threshold odds as the form shows them: decimals in the dialog (2.5 → '2.50'), thousandths in history (2500 → '2.50'). */
export const marketFieldFormat =
  (thousandths: boolean) =>
  (field: string, value: unknown): string | undefined =>
    /^(meta\.)?thresholds\./.test(field) && typeof value === 'number' ? (thousandths ? fromThousandths(value) : value).toFixed(2) : undefined;
