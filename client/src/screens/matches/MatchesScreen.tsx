import { startTransition, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useShallowStable } from '../../lib/useShallowStable';
import { idParam, useLeague } from '../../components/options/useLeague';
import { useLeagueOptions } from '../../components/options/useLeagueOptions';
import { NotFound } from '../../components/not-found/NotFound';
import { FutureMatchesTable } from './FutureMatchesTable';
import { MatchesFilters } from './MatchesFilters';
import { MatchesTable } from './MatchesTable';
import { useMatchesList } from './useMatchesList';
import './matches.css';

/** /matches (all of the provider's matches) and /league/:leagueId/matches (one league's). */
export default function MatchesScreen() {
  const { leagueId } = useParams();
  if (leagueId !== undefined && idParam(leagueId) === null) return <NotFound />;
  return <MatchesList leagueId={idParam(leagueId) ?? undefined} />;
}

/**
 * The filters and the two tables are drawn from deferred values: when a page of rows or the league
 * list arrives, React first commits the (unchanged) screen at once and then draws the PrimeReact
 * tables and dropdown in a transition, in slices that leave the main thread free (no long
 * task while the first page fills). The filters and tables are memoized so the first pass skips them,
 * and the list keeps its identity while nothing in it changed, so no pass redraws them for nothing.
 * The future matches sit below the first page of the main list: their table mounts (and fetches)
 * once that page has come, so the first page never waits behind them for the network or the CPU.
 */
function MatchesList({ leagueId }: { leagueId: number | undefined }) {
  const list = useDeferredValue(useShallowStable(useMatchesList(leagueId)));
  const league = useLeague(leagueId);
  const { leagues } = useLeagueOptions();
  const navigate = useNavigate();
  const { search } = useLocation();
  // A league of another provider (a shared link) still shows as the chosen one.
  const options = useDeferredValue(league && !leagues.some((l) => l.id === league.id) ? [league, ...leagues] : leagues);

  // SPEC §2: selecting a league replaces the route with its matches route; the filters stay, the page does not.
  const onLeague = useCallback(
    (id: number | undefined) => {
      const params = new URLSearchParams(search);
      params.delete('page');
      params.delete('future.page');
      const query = params.toString() ? `?${params}` : '';
      navigate(`${id ? `/league/${id}/matches` : '/matches'}${query}`, { replace: true });
    },
    [search, navigate],
  );

  const [futureReady, setFutureReady] = useState(false);
  const firstPageDone = !list.loading;
  useEffect(() => {
    if (firstPageDone) startTransition(() => setFutureReady(true));
  }, [firstPageDone]);

  const title = leagueId ? `Matches of ${league?.name ?? `league ${leagueId}`}` : 'Matches';
  return (
    <section aria-labelledby="screen-title" className="matches-screen">
      <h1 id="screen-title">{title}</h1>
      <MatchesFilters filter={list.filter} setFilter={list.setFilter} leagues={options} leagueId={leagueId} onLeague={onLeague} />
      <MatchesTable list={list} />
      <FutureMatchesTable leagueId={leagueId} ready={futureReady} />
    </section>
  );
}
