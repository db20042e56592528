import type { Match } from '@odds/protocol';
import { memo, useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import { GenericTable, type TableColumn } from '../../components/table';
import { LEAGUE_COLUMN, START_COLUMN } from './matchColumns';
import { useShallowStable } from '../../lib/useShallowStable';
import { useFutureMatchesList, type MatchesList } from './useMatchesList';

const COLUMNS: TableColumn<Match>[] = [
  { field: 'id', header: 'Id', sortable: true },
  { field: 'name', header: 'Match', sortable: true, body: (m) => <Link to={`/match/${m.id}`}>{m.name}</Link> },
  START_COLUMN,
  LEAGUE_COLUMN,
  { field: 'event_id', header: 'Event id', sortable: true },
  { field: 'league_unique_id', header: 'League unique id' },
];

/**
 * Upcoming matches (timeframe FUTURE, SPEC §2), a table of its own below the matches list; drawn
 * from a deferred list, in a transition (see MatchesScreen).
 */
export function FutureMatchesTable({ leagueId, ready }: { leagueId?: number; ready: boolean }) {
  return ready ? <FutureMatchesList leagueId={leagueId} /> : <FutureMatchesHeading />;
}

function FutureMatchesList({ leagueId }: { leagueId?: number }) {
  return <FutureMatches list={useDeferredValue(useShallowStable(useFutureMatchesList(leagueId)))} />;
}

/** The section's heading alone, until the screen lets the table mount (MatchesScreen). */
function FutureMatchesHeading() {
  return (
    <section aria-labelledby="future-matches-title" className="future-matches">
      <h2 id="future-matches-title">Future matches</h2>
    </section>
  );
}

const FutureMatches = memo(function FutureMatches({ list }: { list: MatchesList }) {
  return (
    <section aria-labelledby="future-matches-title" className="future-matches">
      <h2 id="future-matches-title">Future matches</h2>
      <GenericTable list={list} columns={COLUMNS} label="Future matches" emptyMessage="No future matches" />
    </section>
  );
});
