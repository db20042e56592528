import { routes, type Market } from '@odds/protocol';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { GenericTable, useList, type TableColumn } from '../../components/table';
import { useProviderChanges } from '../../live/useProviderChanges';
import { invalidateRoute } from '../../api/queries';
import { ChangeMark } from '../../components/marks/ChangeMark';
import { contextStore } from '../../stores/context';
import { EntityHistory } from '../../components/history/EntityHistory';
import type { HistoryReading } from '../../components/history/HistoryEntry';
import { marketFieldFormat, marketFieldLabel } from './marketSettings';
import { MarketSettingsForm } from './MarketSettingsForm';
import { SavedThresholdsTable } from './SavedThresholdsTable';
import { UofMappingSection } from './UofMappingSection';
import './markets.css';

/** Market history: the settings by their form labels, odds as decimals; the market's fixed parts left out. */
const HISTORY: HistoryReading = {
  label: marketFieldLabel,
  format: () => marketFieldFormat(true),
  hidden: (field) => !field.startsWith('meta.'),
};

const columns = (markOf: (id: number) => string | undefined): TableColumn<Market>[] => [
  { field: 'id', header: 'Id', sortable: true },
  {
    field: 'name',
    header: 'Market',
    sortable: true,
    body: (m) => (
      <>
        {m.name}
        <ChangeMark by={markOf(m.id)} />
      </>
    ),
  },
];

/** /markets: provider markets on the left; the selected one's settings and saved thresholds beside them; the UOF market mapping below. */
export default function MarketsScreen() {
  const { providerId, sportId } = useSnapshot(contextStore);
  const list = useList({
    route: routes.markets,
    params: { p: providerId, s: sportId },
    defaultSort: 'id',
    sortFields: ['id', 'name'],
  });
  // Another console saved a market's settings: the list reads again and the row is marked (no polling).
  // Every list of the provider's markets reads again (this one, the CMS and stats choices).
  const invalidateMarkets = () => invalidateRoute(routes.markets, { p: providerId, s: sportId });
  const { markOf } = useProviderChanges(['market'], invalidateMarkets);
  // The chosen market lives in the address too, so a link opens its settings.
  const [search, setSearch] = useSearchParams();
  const marketId = Number(search.get('market')) || null;
  const market = list.rows.find((m) => m.id === marketId) ?? null;

  const choose = (chosen: Market) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.set('market', String(chosen.id));
      next.delete('thresholds.page');
      return next;
    });

  return (
    <section aria-labelledby="screen-title" className="markets-screen">
      <h1 id="screen-title">Markets</h1>
      <div className="markets-layout">
        <div className="markets-list">
          <GenericTable
            list={{ ...list, selected: market }}
            columns={columns((id) => markOf('market', id))}
            label="Provider markets"
            emptyMessage="No markets"
            onSelect={choose}
          />
        </div>
        <div className="market-detail">
          {market ? (
            <>
              <div className="market-detail-title">
                <h2>
                  {market.name}
                  <ChangeMark by={markOf('market', market.id)} />
                </h2>
                <EntityHistory entity="market" id={market.id} name="market" reading={HISTORY} />
              </div>
              <MarketSettingsForm market={market} onSaved={() => void invalidateMarkets()} />
              <SavedThresholdsTable marketId={market.id} />
            </>
          ) : (
            <p className="hint">{marketId && list.loading ? 'Loading...' : 'Select a market to see its settings.'}</p>
          )}
        </div>
      </div>
      <UofMappingSection />
    </section>
  );
}
