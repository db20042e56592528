import { formatResult, formatScore, type SeasonTableRow } from '@odds/protocol';
import { Dropdown } from 'primereact/dropdown';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { GenericTable, type TableColumn } from '../../components/table';
import { formatDate } from '../../lib/format';
import { idParam } from '../../components/options/useLeague';
import { NotFound } from '../../components/not-found/NotFound';
import { useLeagueTable } from './useLeagueTable';

const COLUMNS: TableColumn<SeasonTableRow>[] = [
  { field: 'day', header: 'Day', sortable: true, body: (r) => r.match.day ?? '' },
  { field: 'created_at', header: 'Date', sortable: true, className: 'nowrap', body: (r) => formatDate(new Date(r.match.date)) },
  { field: 'home', header: 'Home', sortable: true },
  { field: 'away', header: 'Away', sortable: true },
  // The whole result ('3–3 a.e.t., 4–2 pens'), written as everywhere else (protocol's formatResult).
  { field: 'score', header: 'Score', className: 'nowrap', body: (r) => (r.result ? formatResult(r.result) : '') },
  { field: 'ht_score', header: 'Half-time score', body: (r) => (r.ht_score ? formatScore(r.ht_score) : '') },
  {
    field: 'match',
    header: 'Match',
    body: (r) => (
      <Link to={`/match/${r.match.id}`} aria-label={`Match ${r.match.id}: ${r.home} - ${r.away}`}>
        {r.match.id}
      </Link>
    ),
  },
];

/** /league/:leagueId/tables[/:seasonId]: a season's results, with a season dropdown (SPEC §2). */
export default function LeagueTablesScreen() {
  const params = useParams();
  const leagueId = idParam(params.leagueId);
  const seasonId = params.seasonId === undefined ? undefined : idParam(params.seasonId);
  if (leagueId === null || seasonId === null) return <NotFound />;
  return <LeagueTable leagueId={leagueId} seasonId={seasonId} />;
}

function LeagueTable({ leagueId, seasonId }: { leagueId: number; seasonId: number | undefined }) {
  const { list, league, season } = useLeagueTable(leagueId, seasonId);
  const navigate = useNavigate();
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title">{league ? `${league.name} tables` : `League ${leagueId} tables`}</h1>
      <div className="list-filters">
        <span className="field">
          <label htmlFor="table-season">Season</label>
          <Dropdown
            inputId="table-season"
            value={season?.id ?? null}
            options={(league?.seasons ?? []).map((s) => ({ label: s.name, value: s.id }))}
            onChange={(e) => navigate(`/league/${leagueId}/tables/${e.value as number}`)}
            placeholder="Season"
            ariaLabel="Season"
            pt={{ select: { 'aria-label': 'Season' } }}
          />
        </span>
        <Link to={`/league/${leagueId}/matches`} className="filters-link">
          Matches
        </Link>
        <Link to={`/league/${leagueId}/stats${season ? `/${season.id}` : ''}`} className="filters-link">
          Stats
        </Link>
      </div>
      <GenericTable list={list} columns={COLUMNS} label={season ? `Season ${season.name} table` : 'Season table'} emptyMessage="No matches in this season" />
    </section>
  );
}
