import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { buildQuery } from '@odds/protocol';

/** Top-bar search: Enter opens the matches list filtered by the text (keyword or match id). */
export function GlobalSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    navigate(`/matches${buildQuery({ q: text.trim() })}`);
  }

  return (
    <IconField iconPosition="left" className="global-search" role="search">
      <InputIcon className="pi pi-search" aria-hidden="true" />
      <InputText
        type="search"
        aria-label="Search matches"
        placeholder="Search matches"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
    </IconField>
  );
}
