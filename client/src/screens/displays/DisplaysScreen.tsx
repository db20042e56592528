import type { Display } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { ConfirmDeleteButton } from '../../components/confirm';
import { Field } from '../../components/forms/Field';
import { GenericTable, type TableColumn } from '../../components/table';
import { formatDateTime } from '../../lib/format';
import { useLeagueOptions } from '../../components/options/useLeagueOptions';
import { useMarketOptions } from '../../components/options/useMarketOptions';
import { sessionStore } from '../../stores/session';
import { CreatedDisplay } from './CreatedDisplay';
import { displayInput, EMPTY_DRAFT, type DisplayDraft } from './displayForm';
import { useDisplays } from './useDisplays';
import './displays.css';

const when = (iso: string | null) => (iso ? formatDateTime(iso, { seconds: true }) : '—');
const THEMES = [
  { label: 'Dark', value: 'dark' },
  { label: 'Light', value: 'light' },
];

/**
 * /displays: wall screens that show live matches without a login. An operator creates a display
 * (what it shows), opens its address on the wall, and revokes it when the screen is gone. A display
 * is a long-lived credential: only admins create and revoke them; other operators see the list.
 */
export default function DisplaysScreen() {
  const { list, create, revoke, created, busy } = useDisplays();
  const admin = useSnapshot(sessionStore).user?.admin === true;
  const { leagues } = useLeagueOptions();
  const markets = useMarketOptions();
  const [draft, setDraft] = useState<DisplayDraft>(EMPTY_DRAFT);
  const [error, setError] = useState<string | null>(null);
  const leagueName = (id: number | null) => leagues.find((l) => l.id === id)?.name ?? (id === null ? '' : `League ${id}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = displayInput(draft);
    if ('error' in result) return setError(result.error);
    setError(null);
    if (await create(result.input)) setDraft(EMPTY_DRAFT);
  };

  const columns: TableColumn<Display>[] = [
    { field: 'name', header: 'Name' },
    {
      field: 'config',
      header: 'Shows',
      body: (d) =>
        [
          d.config.match_ids.length ? `Matches ${d.config.match_ids.join(', ')}` : '',
          d.config.league_id !== null ? `Live matches of ${leagueName(d.config.league_id)}` : '',
        ]
          .filter(Boolean)
          .join('; '),
    },
    { field: 'created_at', header: 'Created', body: (d) => `${when(d.created_at)} by ${d.created_by.name}` },
    { field: 'last_seen_at', header: 'Last seen', body: (d) => when(d.last_seen_at) },
    {
      field: 'revoked_at',
      header: 'Status',
      body: (d) =>
        d.revoked_at ? (
          <span className="display-revoked">
            Revoked {when(d.revoked_at)} by {d.revoked_by?.name}
          </span>
        ) : !admin ? (
          'Active'
        ) : (
          <ConfirmDeleteButton label={`Revoke ${d.name}`} disabled={busy === d.id} onConfirm={() => void revoke(d)} />
        ),
    },
  ];

  return (
    <section aria-labelledby="screen-title" className="displays-screen">
      <h1 id="screen-title">Wall displays</h1>
      <p className="displays-intro">
        A display is a read-only address for a wall screen: it shows live matches without anyone signed in, can do nothing else, and stops at once when revoked.
      </p>
      {admin ? (
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
      ) : (
        <p className="displays-intro">Only admins create and revoke displays.</p>
      )}
      {created ? <CreatedDisplay created={created} /> : null}
      <h2>Displays</h2>
      <GenericTable list={list} columns={columns} label="Displays" emptyMessage="No displays yet" />
    </section>
  );
}
