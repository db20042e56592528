import type { Match } from '@odds/protocol';
import { Link } from 'react-router-dom';
import type { TableColumn } from '../../components/table';
import { formatDateTime } from '../../lib/format';

/** A match's start time, for both matches tables. */
export const START_COLUMN: TableColumn<Match> = {
  field: 'start',
  header: 'Start time',
  sortable: true,
  className: 'nowrap',
  body: (m) => formatDateTime(m.start),
};

/** A match's league, linked to the league's matches, for both matches tables. */
export const LEAGUE_COLUMN: TableColumn<Match> = {
  field: 'league',
  header: 'League',
  sortable: true,
  body: (m) => <Link to={`/league/${m.league.id}/matches`}>{m.league.name}</Link>,
};
