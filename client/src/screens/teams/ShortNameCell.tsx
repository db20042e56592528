import { routes, type Team } from '@odds/protocol';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { api } from '../../api/client';

type Status = 'idle' | 'saving' | 'saved';

/** A team's short name: Enter saves it (SPEC §2 Teams); an empty name clears it. */
export function ShortNameCell({ team }: { team: Team }) {
  const [value, setValue] = useState(team.short_name ?? '');
  const [status, setStatus] = useState<Status>('idle');

  async function save() {
    setStatus('saving');
    try {
      const saved = await api(routes.teamShortNameSave, { params: { teamId: team.id }, body: { value: value.trim() } });
      setValue(saved.short_name ?? '');
      setStatus('saved');
    } catch {
      setStatus('idle');
    }
  }

  return (
    <span className="short-name-cell">
      <InputText
        value={value}
        aria-label={`Short name of ${team.name}`}
        placeholder="Enter saves"
        maxLength={64}
        className="p-inputtext-sm"
        disabled={status === 'saving'}
        onChange={(e) => {
          setValue(e.target.value);
          setStatus('idle');
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void save();
        }}
      />
      {status === 'saved' && (
        <span className="short-name-saved" role="status">
          <i className="pi pi-check" aria-hidden="true" /> Saved
        </span>
      )}
    </span>
  );
}
