import { buildQuery } from '@odds/protocol';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { hitId, LIST_ID, SearchHits } from './SearchHits';
import { useGlobalSearch, type SearchHit } from './useGlobalSearch';
import './globalSearch.css';

/**
 * Top-bar search (SPEC §2 shell): leagues and teams of the provider, and matches by id, teams or day. Arrow keys
 * move through the hits, Enter opens the highlighted one (or, with none highlighted, the matches
 * list filtered by the text), Escape closes the list.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const { hits, loading } = useGlobalSearch(text);
  // The highlighted hit, for the hits it was chosen among: new hits start again on the first.
  const [cursor, setCursor] = useState({ hits, index: 0 });
  const active = hits.length ? (cursor.hits === hits ? cursor.index : 0) : -1;
  const setActive = (index: number) => setCursor({ hits, index });

  function go(hit: SearchHit | undefined) {
    if (hit) navigate(hit.to);
    else if (text.trim()) navigate(`/matches${buildQuery({ q: text.trim() })}`);
    else return;
    setOpen(false);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!hits.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(open ? hits[active] : undefined);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  const expanded = open && text.trim() !== '';
  return (
    <div className="global-search-box">
      <IconField iconPosition="left" className="global-search" role="search">
        <InputIcon className="pi pi-search" aria-hidden="true" />
        <InputText
          type="search"
          role="combobox"
          aria-label="Search leagues, teams or matches"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={LIST_ID}
          aria-activedescendant={expanded && active >= 0 ? hitId(active) : undefined}
          placeholder="Leagues, teams, matches"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
      </IconField>
      <SearchHits hits={hits} active={active} hidden={!expanded || !hits.length} onHover={setActive} onChoose={go} />
      {expanded && !hits.length && (
        <div role="status" className="global-search-hits global-search-empty">
          {loading ? 'Searching...' : 'No league, team or match found; Enter searches matches'}
        </div>
      )}
    </div>
  );
}
