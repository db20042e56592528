import { DEFAULT_SORTS, routes, type League } from '@odds/protocol';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { GenericTable, useList, type TableColumn } from '../../components/table';
import { contextStore } from '../../stores/context';
import { KeywordFilter } from '../../components/forms/KeywordFilter';
import './leagues.css';

const COLUMNS: TableColumn<League>[] = [
  { field: 'id', header: 'Id', sortable: true },
  { field: 'league', header: 'League', sortable: true, body: (l) => <Link to={`/league/${l.id}/matches`}>{l.name}</Link> },
  { field: 'path', header: 'Path', sortable: true },
  { field: 'unique_id', header: 'Unique id', sortable: true },
  { field: 'event_sync', header: 'Sync', body: (l) => (l.event_sync ? 'yes' : 'no') },
  { field: 'options', header: 'Options', body: (l) => <LeagueOptions league={l} /> },
];

/** The league pages (SPEC §2 Leagues list "options"). */
function LeagueOptions({ league }: { league: League }) {
  const base = `/league/${league.id}`;
  return (
    <span className="league-options">
      <Link to={`${base}/matches`} aria-label={`Matches of ${league.name}`}>
        Matches
      </Link>
      <Link to={`${base}/tables`} aria-label={`Tables of ${league.name}`}>
        Tables
      </Link>
      <Link to={`${base}/stats`} aria-label={`Stats of ${league.name}`}>
        Stats
      </Link>
      <Link to={`${base}/stats2`} aria-label={`Stats 2 of ${league.name}`}>
        Stats 2
      </Link>
    </span>
  );
}

/** /leagues: the provider's leagues of the sport, searchable, sortable and paged. */
export default function LeaguesScreen() {
  const { providerId, sportId } = useSnapshot(contextStore);
  const list = useList({
    route: routes.leagues,
    params: { p: providerId, s: sportId },
    defaultSort: DEFAULT_SORTS.leagues,
    sortFields: ['id', 'league', 'path', 'unique_id', 'last_modified'],
    filters: { q: '' },
  });
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title">Leagues</h1>
      <div className="list-filters" role="search" aria-label="Search leagues">
        <KeywordFilter id="leagues-search" label="Search" value={list.filter.q ?? ''} onApply={(q) => list.setFilter('q', q)} />
      </div>
      <GenericTable list={list} columns={COLUMNS} label="Leagues" emptyMessage="No leagues found" />
    </section>
  );
}
