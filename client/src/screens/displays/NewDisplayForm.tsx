import type { League, Market } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useState, type FormEvent } from 'react';
import { Field } from '../../components/forms/Field';
import { displayInput, EMPTY_DRAFT, type DisplayDraft } from './displayForm';
import type { useDisplays } from './useDisplays';

const THEMES = [
  { label: 'Dark', value: 'dark' },
  { label: 'Light', value: 'light' },
];

type Displays = ReturnType<typeof useDisplays>;

interface Props {
  leagues: League[];
  markets: Market[];
  create: Displays['create'];
  busy: Displays['busy'];
}

/** An admin's new display: its name, the matches it shows or the league it follows, the market charted, the theme. */
export function NewDisplayForm({ leagues, markets, create, busy }: Props) {
  const [draft, setDraft] = useState<DisplayDraft>(EMPTY_DRAFT);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = displayInput(draft);
    if ('error' in result) return setError(result.error);
    setError(null);
    if (await create(result.input)) setDraft(EMPTY_DRAFT);
  };

  return (
    <form className="display-form" onSubmit={(e) => void submit(e)} aria-label="New display" noValidate>
      <Field id="display-name" label="Name">
        <InputText id="display-name" value={draft.name} maxLength={100} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
      </Field>
      <Field id="display-matches" label="Matches" hint="Match ids, such as 12, 15, 18 (up to 12)">
        <InputText
          id="display-matches"
          value={draft.matches}
          aria-describedby="display-matches-hint"
          onChange={(e) => setDraft({ ...draft, matches: e.target.value })}
        />
      </Field>
      <Field id="display-league" label="Or follow a league" hint="Its live matches come and go by themselves">
        <Dropdown
          inputId="display-league"
          value={draft.leagueId}
          showClear
          filter
          placeholder="No league"
          options={leagues.map((l) => ({ label: l.name, value: l.id }))}
          onChange={(e) => setDraft({ ...draft, leagueId: (e.value as number | undefined) ?? null })}
          pt={{ select: { 'aria-label': 'Or follow a league' } }}
        />
      </Field>
      <Field id="display-market" label="Market" hint="Charted on every panel; none: each match's latest">
        <Dropdown
          inputId="display-market"
          value={draft.marketId}
          showClear
          filter
          placeholder="Latest market"
          options={markets.map((m) => ({ label: m.name, value: m.id }))}
          onChange={(e) => setDraft({ ...draft, marketId: (e.value as number | undefined) ?? null })}
          pt={{ select: { 'aria-label': 'Market' } }}
        />
      </Field>
      <Field id="display-theme" label="Theme">
        <SelectButton
          id="display-theme"
          value={draft.theme}
          options={THEMES}
          allowEmpty={false}
          onChange={(e) => setDraft({ ...draft, theme: e.value as DisplayDraft['theme'] })}
        />
      </Field>
      <div className="display-form-actions">
        <Button type="submit" label="Create display" icon="pi pi-desktop" loading={busy === 'create'} />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </form>
  );
}
