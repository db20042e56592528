import { formatOdds, type OfferPoint } from '@odds/protocol';
import { outcomeKeys } from './chartData';
import './ChartLegend.css';

/** One colour per outcome line, in outcome order (the chart and its legend share them). */
const SERIES_COLORS = ['#2563eb', '#d97706', '#059669', '#7c3aed', '#db2777', '#0891b2', '#65a30d', '#475569'];
/** Lighter lines for a dark wall, same order. */
const SERIES_COLORS_DARK = ['#60a5fa', '#fbbf24', '#34d399', '#a78bfa', '#f472b6', '#22d3ee', '#a3e635', '#cbd5e1'];

export const seriesColor = (index: number, dark: boolean) => (dark ? SERIES_COLORS_DARK : SERIES_COLORS)[index % SERIES_COLORS.length]!;

/** Each outcome with its newest odds (thousandths), in the chart's line order. */
function legendEntries(offers: readonly OfferPoint[]): { key: string; odds: number | null }[] {
  return outcomeKeys(offers).map((key) => {
    let newest: OfferPoint | undefined;
    for (const offer of offers) if (offer.outcome_map[key] !== undefined && (!newest || offer.id > newest.id)) newest = offer;
    return { key, odds: newest?.outcome_map[key] ?? null };
  });
}

/**
 * The chart's key: each line's colour, outcome and newest odds. It replaces the price tags on the
 * price axis, which covered its labels.
 */
export function ChartLegend({ offers, dark = false }: { offers: readonly OfferPoint[]; dark?: boolean }) {
  const entries = legendEntries(offers);
  if (!entries.length) return null;
  return (
    <ul className="chart-legend" aria-label="Lines of the chart">
      {entries.map(({ key, odds }, i) => (
        <li key={key}>
          <span className="chart-legend-swatch" style={{ background: seriesColor(i, dark) }} aria-hidden="true" />
          {key} <strong>{odds === null ? '–' : formatOdds(odds)}</strong>
        </li>
      ))}
    </ul>
  );
}
