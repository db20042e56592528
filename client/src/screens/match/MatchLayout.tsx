import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Loading } from '../../components/loading/Loading';
import { FeedStallBanner } from './FeedStallBanner';
import { MatchHeader } from './MatchHeader';
import { MatchTabs } from './MatchTabs';
import type { MatchPage } from '../../live/matchPage';
import { useMatchPageState } from './useMatchPage';
import './match.css';

/**
 * The match pages (SPEC §2): the shared header and tab bar over the tab's own screen. The tabs get
 * the match, its markets, the chosen market and the live watch through the Outlet's context.
 */
export default function MatchLayout() {
  const page = useMatchPageState();
  const context: MatchPage = {
    matchId: page.matchId,
    match: page.match,
    markets: page.markets,
    marketId: page.marketId,
    setMarket: page.setMarket,
    live: page.live,
  };
  return (
    <div className="match-page">
      <MatchHeader page={page} />
      <FeedStallBanner matchId={page.matchId} />
      <MatchTabs matchId={page.matchId} tab={page.tab} />
      <div className="match-tab-body">
        <Suspense fallback={<Loading />}>
          <Outlet context={context} />
        </Suspense>
      </div>
    </div>
  );
}
