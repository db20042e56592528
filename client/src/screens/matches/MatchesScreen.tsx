import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { idParam, useLeague } from '../leagues/useLeague';
import { useLeagueOptions } from '../leagues/useLeagueOptions';
import { NotFound } from '../not-found/NotFound';
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

function MatchesList({ leagueId }: { leagueId: number | undefined }) {
  const list = useMatchesList(leagueId);
  const league = useLeague(leagueId);
  const { leagues } = useLeagueOptions();
  const navigate = useNavigate();
  const location = useLocation();
  // A league of another provider (a shared link) still shows as the chosen one.
  const options = league && !leagues.some((l) => l.id === league.id) ? [league, ...leagues] : leagues;

  // SPEC §2: selecting a league replaces the route with its matches route; the filters stay, the page does not.
  function onLeague(id: number | undefined) {
    const search = new URLSearchParams(location.search);
    search.delete('page');
    search.delete('future.page');
    const query = search.toString() ? `?${search}` : '';
    navigate(`${id ? `/league/${id}/matches` : '/matches'}${query}`, { replace: true });
  }

  const title = leagueId ? `Matches of ${league?.name ?? `league ${leagueId}`}` : 'Matches';
  return (
    <section aria-labelledby="screen-title" className="matches-screen">
      <h1 id="screen-title">{title}</h1>
      <MatchesFilters list={list} leagues={options} leagueId={leagueId} onLeague={onLeague} />
      <MatchesTable list={list} />
      <FutureMatchesTable leagueId={leagueId} />
    </section>
  );
}
