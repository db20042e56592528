import { Calendar } from 'primereact/calendar';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { formatDate, parseDate } from '../../lib/format';
import type { MatchesList } from './useMatchesList';

/** Keyword or match id (applied on Enter) and match date (applied when picked), SPEC §2. */
export function MatchesFilters({ list }: { list: MatchesList }) {
  const [keyword, setKeyword] = useState(list.params.q);
  // The address can change the keyword too (top-bar search, Back): follow it.
  useEffect(() => setKeyword(list.params.q), [list.params.q]);

  return (
    <div className="matches-filters" role="search" aria-label="Filter matches">
      <span className="field">
        <label htmlFor="matches-keyword">Keyword or match id</label>
        <InputText
          id="matches-keyword"
          type="search"
          value={keyword}
          placeholder="Press Enter to apply"
          onChange={(e) => setKeyword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') list.setKeyword(keyword);
          }}
        />
      </span>
      <span className="field">
        <label htmlFor="matches-date">Match date</label>
        {/* 'yy-mm-dd' is PrimeReact's spelling of YYYY-MM-DD. */}
        <Calendar
          inputId="matches-date"
          dateFormat="yy-mm-dd"
          placeholder="YYYY-MM-DD"
          showIcon
          showButtonBar
          value={parseDate(list.params.date)}
          onChange={(e) => list.setDate(e.value ? formatDate(e.value) : '')}
        />
      </span>
    </div>
  );
}
