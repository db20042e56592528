import type { League } from '@odds/protocol';
import { Calendar } from 'primereact/calendar';
import { Checkbox } from 'primereact/checkbox';
import { memo } from 'react';
import { LeagueFilter } from '../../components/forms/LeagueFilter';
import { formatDate, parseDate } from '../../lib/format';
import { KeywordFilter } from '../../components/forms/KeywordFilter';
import type { MatchesList } from './useMatchesList';

interface MatchesFiltersProps {
  /** The list's filters and their setter (not the whole list: the filters need not redraw when rows come). */
  filter: MatchesList['filter'];
  setFilter: MatchesList['setFilter'];
  leagues: readonly League[];
  leagueId: number | undefined;
  onLeague: (leagueId: number | undefined) => void;
}

/** League, match date, keyword or match id (applied on Enter) and 'Content only' (SPEC §2). Memoized: see MatchesScreen. */
export const MatchesFilters = memo(function MatchesFilters({ filter, setFilter, leagues, leagueId, onLeague }: MatchesFiltersProps) {
  return (
    <div className="list-filters" role="search" aria-label="Filter matches">
      <LeagueFilter id="matches-league" leagues={leagues} leagueId={leagueId} onChange={onLeague} />
      <span className="field">
        <label htmlFor="matches-date">Match date</label>
        {/* 'yy-mm-dd' is PrimeReact's spelling of YYYY-MM-DD. */}
        <Calendar
          inputId="matches-date"
          dateFormat="yy-mm-dd"
          placeholder="YYYY-MM-DD"
          showIcon
          showButtonBar
          // Tabbing through must not open the calendar and trap the focus in it: it opens from its button.
          showOnFocus={false}
          value={parseDate(filter.date ?? '')}
          onChange={(e) => setFilter('date', e.value ? formatDate(e.value) : '')}
        />
      </span>
      <KeywordFilter id="matches-keyword" label="Keyword or match id" value={filter.q ?? ''} onApply={(q) => setFilter('q', q)} />
      <span className="field field-inline">
        <Checkbox inputId="matches-content-only" checked={filter.templated === 'true'} onChange={(e) => setFilter('templated', e.checked ? 'true' : '')} />
        <label htmlFor="matches-content-only">Content only</label>
      </span>
    </div>
  );
});
