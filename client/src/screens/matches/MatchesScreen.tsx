import { useParams } from 'react-router-dom';
import { NotFound } from '../not-found/NotFound';
import { MatchesFilters } from './MatchesFilters';
import { MatchesTable } from './MatchesTable';
import { useMatchesList } from './useMatchesList';
import './matches.css';

/** /matches (all of the provider's matches) and /league/:leagueId/matches (one league's). */
export default function MatchesScreen() {
  const { leagueId } = useParams();
  if (leagueId !== undefined && !/^[1-9]\d{0,9}$/.test(leagueId)) return <NotFound />;
  return <MatchesList league={leagueId === undefined ? undefined : Number(leagueId)} />;
}

function MatchesList({ league }: { league: number | undefined }) {
  const list = useMatchesList(league);
  const leagueName = league ? list.rows[0]?.league.name : undefined;
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title">{league ? `Matches of ${leagueName ?? `league ${league}`}` : 'Matches'}</h1>
      <MatchesFilters list={list} />
      <MatchesTable list={list} />
    </section>
  );
}
