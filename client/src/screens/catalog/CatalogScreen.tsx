import { TabPanel, TabView } from 'primereact/tabview';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { PERMISSION_MESSAGE } from '../../feedback/errors';
import { sessionStore } from '../../stores/session';
import { ImportTab } from './ImportTab';
import { LeaguesTab } from './LeaguesTab';
import { MarketTypesTab } from './MarketTypesTab';
import { MatchesTab } from './MatchesTab';
import { ProvidersTab } from './ProvidersTab';
import { TeamsTab } from './TeamsTab';
import './catalog.css';

const TABS = [
  { key: 'leagues', header: 'Leagues & seasons', Tab: LeaguesTab },
  { key: 'teams', header: 'Teams', Tab: TeamsTab },
  { key: 'matches', header: 'Matches', Tab: MatchesTab },
  { key: 'import', header: 'Import fixtures', Tab: ImportTab },
  { key: 'market-types', header: 'Market types', Tab: MarketTypesTab },
  { key: 'providers', header: 'Providers', Tab: ProvidersTab },
] as const;

/**
 * /catalog (admins): the catalog made by hand, for providers without a vendor feed (docs/catalog.md):
 * leagues and seasons, teams and matches of the selected provider and sport, a season's fixtures
 * from CSV, market types and providers. The tab is in the address (`?tab=`), so a link opens it.
 */
export default function CatalogScreen() {
  const admin = useSnapshot(sessionStore).user?.admin === true;
  const [search, setSearch] = useSearchParams();
  const index = Math.max(
    0,
    TABS.findIndex((t) => t.key === search.get('tab')),
  );
  if (!admin) {
    return (
      <section aria-labelledby="screen-title" className="catalog-screen">
        <h1 id="screen-title">Catalog</h1>
        <p role="alert">{PERMISSION_MESSAGE}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="screen-title" className="catalog-screen">
      <h1 id="screen-title">Catalog</h1>
      <TabView activeIndex={index} onTabChange={(e) => setSearch({ tab: TABS[e.index]!.key })} renderActiveOnly>
        {TABS.map(({ key, header, Tab }) => (
          <TabPanel key={key} header={header}>
            <Tab />
          </TabPanel>
        ))}
      </TabView>
    </section>
  );
}
