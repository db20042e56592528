import { formatRegularAndResult } from '@odds/protocol';
import { Link, useParams } from 'react-router-dom';
import { GenericTable, type TableColumn } from '../../components/table';
import { formatDate } from '../../lib/format';
import { idParam } from '../../components/options/useLeague';
import { NotFound } from '../../components/not-found/NotFound';
import { LeagueStatsFilters } from './LeagueStatsFilters';
import { StatStateCell } from './StatStateCell';
import type { MarketOutcomeRow, TeamRecord } from '../../components/stats/statsQuery';
import { useLeagueStats, type StatsRoute } from './useLeagueStats';
import './league-stats.css';

const COLUMNS: TableColumn<MarketOutcomeRow>[] = [
  { field: 'date', header: 'Date', sortable: true, className: 'nowrap', body: (r) => formatDate(new Date(r.date)) },
  { field: 'home', header: 'Home', sortable: true },
  { field: 'away', header: 'Away', sortable: true },
  // Outcomes settle on 90 minutes: that score, labelled where the match went on, beside the whole result.
  { field: 'score', header: 'Score', body: (r) => (r.result ? formatRegularAndResult(r.result) : '') },
  { field: 'outcome', header: 'Outcome', sortable: true, body: (r) => r.outcome ?? '' },
  { field: 'state', header: 'State', sortable: true, body: (r) => <StatStateCell state={r.state} /> },
  { field: 'match', header: 'Match', body: (r) => <Link to={`/match/${r.match_id}`}>{r.match_id}</Link> },
];

/** Optional path ids: absent is fine, malformed is not. */
const optional = (value: string | undefined) => (value === undefined ? undefined : (idParam(value) ?? NaN));

/** /league/:leagueId/stats and its season, team and market sub-routes (SPEC §2 League stats). */
export default function LeagueStatsScreen() {
  const params = useParams();
  const route: StatsRoute = {
    leagueId: idParam(params.leagueId) ?? NaN,
    seasonId: optional(params.seasonId),
    teamId: optional(params.teamId),
    marketId: optional(params.marketId),
  };
  if (Object.values(route).some((id) => Number.isNaN(id))) return <NotFound />;
  return <LeagueStats route={route} />;
}

function RecordLine({ record }: { record: TeamRecord }) {
  return (
    <p className="team-record">
      Played {record.played}: {record.wins} won, {record.draws} drawn, {record.losses} lost; goals {record.goals_for}–{record.goals_against}; win rate{' '}
      {record.win_rate}% (90-minute results, as markets settle).
    </p>
  );
}

function LeagueStats({ route }: { route: StatsRoute }) {
  const stats = useLeagueStats(route);
  const team = stats.teams.find((t) => t.id === route.teamId);
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title">{stats.league ? `${stats.league.name} stats` : `League ${route.leagueId} stats`}</h1>
      <LeagueStatsFilters stats={stats} seasonId={route.seasonId} teamId={route.teamId} marketId={route.marketId} />
      {team && stats.record && <RecordLine record={stats.record} />}
      {stats.ready ? (
        <GenericTable list={stats.list} columns={COLUMNS} label={`${team?.name ?? 'Team'} outcomes`} emptyMessage="No matches" />
      ) : (
        <p className="hint">Choose a season, a team and a market to see the outcome of each match.</p>
      )}
    </section>
  );
}
