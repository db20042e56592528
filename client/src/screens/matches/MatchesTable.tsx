import type { Match } from '@odds/protocol';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../lib/format';
import { joinSort, splitSort } from './listParams';
import type { MatchesList } from './useMatchesList';

const matchLink = (match: Match) => <Link to={`/match/${match.id}`}>{match.id}</Link>;
const leagueLink = (match: Match) => <Link to={`/league/${match.league.id}/matches`}>{match.league.name}</Link>;

/** A thin view over useMatchesList: the server sorts and pages (lazy DataTable). */
export function MatchesTable({ list }: { list: MatchesList }) {
  const sort = splitSort(list.params.sort);
  return (
    <DataTable
      lazy
      // Rows of the previous page give way to a 'Loading...' row while the next one loads.
      value={list.loading ? [] : list.rows}
      emptyMessage={list.loading ? 'Loading...' : 'No matches found'}
      dataKey="id"
      paginator
      rows={list.pageSize}
      first={(list.params.page - 1) * list.pageSize}
      totalRecords={list.total}
      onPage={(e) => list.setPage((e.page ?? 0) + 1)}
      sortField={sort.field}
      sortOrder={sort.order}
      onSort={(e) => list.setSort(joinSort(e.sortField, e.sortOrder))}
      size="small"
      stripedRows
      aria-label="Matches"
      aria-busy={list.loading}
    >
      <Column field="id" header="Id" sortable body={matchLink} />
      <Column field="home" header="Home" sortable body={(m: Match) => m.home.name} />
      <Column field="away" header="Away" sortable body={(m: Match) => m.away.name} />
      <Column field="start" header="Start time" sortable body={(m: Match) => formatDateTime(m.start)} />
      <Column field="league" header="League" sortable body={leagueLink} />
      <Column field="event_id" header="Event id" />
      <Column field="league_id" header="League id" body={(m: Match) => m.league.id} />
    </DataTable>
  );
}
