import type { Team } from '@odds/protocol';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LeagueFilter } from '../../components/forms/LeagueFilter';
import { GenericTable, type TableColumn } from '../../components/table';
import { contextStore, findById } from '../../stores/context';
import { KeywordFilter } from '../../components/forms/KeywordFilter';
import { idParam, useLeague } from '../../components/options/useLeague';
import { useLeagueOptions } from '../../components/options/useLeagueOptions';
import { NotFound } from '../../components/not-found/NotFound';
import { ConnectToCell } from './ConnectToCell';
import { ShortNameCell } from './ShortNameCell';
import { useTeamsList, type TeamsList } from './useTeamsList';
import './teams.css';

/** /teams (the provider's teams) and /teams/league/:leagueId (one league's). */
export default function TeamsScreen() {
  const { leagueId } = useParams();
  if (leagueId !== undefined && idParam(leagueId) === null) return <NotFound />;
  return <Teams leagueId={idParam(leagueId) ?? undefined} />;
}

function columns(list: TeamsList): TableColumn<Team>[] {
  return [
    { field: 'id', header: 'Id', sortable: true },
    { field: 'name', header: 'Name', sortable: true },
    { field: 'provider_name', header: 'Provider Name', sortable: true },
    // Keyed by team and name, so a reload after a save shows the server's value.
    { field: 'short_name', header: 'Short Name', sortable: true, body: (t) => <ShortNameCell key={`${t.id}:${t.short_name}`} team={t} /> },
    { field: 'connect', header: 'Connect To', body: (t) => <ConnectToCell team={t} onConnected={list.reload} /> },
  ];
}

function Teams({ leagueId }: { leagueId: number | undefined }) {
  const list = useTeamsList(leagueId);
  const league = useLeague(leagueId);
  const { leagues } = useLeagueOptions();
  const context = useSnapshot(contextStore);
  const navigate = useNavigate();
  const provider = findById(context.providers, context.providerId);
  const options = league && !leagues.some((l) => l.id === league.id) ? [league, ...leagues] : leagues;

  return (
    <section aria-labelledby="screen-title">
      <header className="teams-header">
        <h1 id="screen-title">{leagueId ? (league?.name ?? `League ${leagueId}`) : `Teams for ${provider?.name ?? `provider ${context.providerId}`}`}</h1>
        {leagueId && <Link to={`/league/${leagueId}/matches`}>Matches</Link>}
      </header>
      <div className="list-filters" role="search" aria-label="Filter teams">
        <LeagueFilter id="teams-league" leagues={options} leagueId={leagueId} onChange={(id) => navigate(id ? `/teams/league/${id}/` : '/teams')} />
        <KeywordFilter id="teams-keyword" label="Keyword or match id" value={list.filter.q ?? ''} onApply={list.applyKeyword} />
      </div>
      <GenericTable list={list} columns={columns(list)} label="Teams" emptyMessage="No teams found" />
    </section>
  );
}
