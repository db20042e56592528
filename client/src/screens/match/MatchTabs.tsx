import { Link, useSearchParams } from 'react-router-dom';
import type { MatchTab } from './useMatchPage';

const TABS: { tab: MatchTab; label: string; to: (id: number) => string; keepMarket?: boolean }[] = [
  { tab: 'graph', label: 'Graph', to: (id) => `/match/${id}`, keepMarket: true },
  { tab: 'thresholds', label: 'Thresholds', to: (id) => `/match/${id}/thresholds` },
  { tab: 'feed', label: 'Feed', to: (id) => `/match/${id}/feed`, keepMarket: true },
  { tab: 'content', label: 'Content', to: (id) => `/match/${id}/content` },
  { tab: 'delivery', label: 'Delivery', to: (id) => `/match/${id}/delivery` },
  { tab: 'stats', label: 'Stats list', to: (id) => `/events/${id}` },
  { tab: 'add-stat', label: 'Add Stat', to: (id) => `/event/${id}/edit` },
];

/** The match tab bar (SPEC §2); the chosen market follows to the tabs that use it. */
export function MatchTabs({ matchId, tab }: { matchId: number; tab: MatchTab }) {
  const [search] = useSearchParams();
  const market = search.get('market');
  return (
    <nav className="match-tabs" aria-label="Match tabs">
      <ul>
        {TABS.map((t) => (
          <li key={t.tab}>
            <Link
              to={t.to(matchId) + (t.keepMarket && market ? `?market=${market}` : '')}
              className={t.tab === tab ? 'active' : undefined}
              aria-current={t.tab === tab ? 'page' : undefined}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
