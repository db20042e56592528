import { memo, type CSSProperties } from 'react';
import { DEFAULT_SORTS, type Match } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Link } from 'react-router-dom';
import { GenericTable, type TableColumn } from '../../components/table';
import { LEAGUE_COLUMN, START_COLUMN } from './matchColumns';
import { MatchOptions } from './MatchOptions';
import type { MatchesList } from './useMatchesList';

const COLUMNS: TableColumn<Match>[] = [
  { field: 'id', header: 'Id', sortable: true, body: (m) => <Link to={`/match/${m.id}`}>{m.id}</Link> },
  { field: 'live', header: 'Live', sortable: true, body: (m) => (m.live ? <span className="match-live-flag">Live</span> : null) },
  { field: 'home', header: 'Home', sortable: true, body: (m) => m.home.name },
  { field: 'away', header: 'Away', sortable: true, body: (m) => m.away.name },
  START_COLUMN,
  LEAGUE_COLUMN,
  { field: 'event_id', header: 'Event id', className: 'nowrap' },
  { field: 'league_id', header: 'League id', className: 'nowrap', body: (m) => m.league.id },
  { field: 'options', header: 'Options', body: (m) => <MatchOptions matchId={m.id} /> },
];

/**
 * The matches list (SPEC §2): a thin view over useMatchesList; the server sorts and pages. Until
 * its first page has come, it keeps a page's height free (`--reserved-rows`, matches.css), so the
 * future matches below do not jump down when it fills (the screen's layout shift). Memoized: see
 * MatchesScreen.
 */
export const MatchesTable = memo(function MatchesTable({ list }: { list: MatchesList }) {
  const reserved = list.loading && list.rows.length === 0 ? list.pageSize : 0;
  return (
    <div className="matches-main" style={{ '--reserved-rows': reserved } as CSSProperties}>
      <Button
        type="button"
        className="matches-sort-live"
        label="Live matches first"
        icon="pi pi-bolt"
        size="small"
        outlined={list.sort !== '-live'}
        aria-pressed={list.sort === '-live'}
        onClick={() => list.setSort(list.sort === '-live' ? DEFAULT_SORTS.matches : '-live')}
      />
      <GenericTable list={list} columns={COLUMNS} label="Matches" emptyMessage="No matches found" />
    </div>
  );
});
