import { routes, type SsoGroupGrant, type SsoGroupGrants, type SsoRole } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSnapshot, type Snapshot } from 'valtio';
import { api } from '../../api/client';
import { Field } from '../../components/forms/Field';
import { dropdownNames } from '../../components/forms/a11y';
import { contextStore } from '../../stores/context';
import { EntityHistory } from '../../components/history/EntityHistory';

const ROLES: { value: SsoRole; label: string }[] = [
  { value: 'admin', label: 'Admin' },
  { value: 'editor', label: 'Editor' },
  { value: 'viewer', label: 'Viewer' },
];
const EMPTY = { group: '', role: 'editor' as SsoRole, providerIds: [] as number[] };

/**
 * Operators → Identity provider groups (admins; docs/sso.md): which role and providers each group of
 * the ID token's groups claim gives at sign-in. Each change names the version it read (a change
 * someone saved meanwhile is a 409 the API client shows) and is on the row's History. With
 * OIDC_ROLES=console the panel says the mapping is not applied.
 */
export function SsoGroupsPanel() {
  const providers = useSnapshot(contextStore).providers;
  const [mapping, setMapping] = useState<SsoGroupGrants | null>(null);
  const [draft, setDraft] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    api(routes.ssoGroups, { silent: true })
      .then(setMapping)
      .catch(() => setMapping(null));
  }, []);
  useEffect(load, [load]);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      return true;
    } catch {
      return false; // The API client has shown why.
    } finally {
      setBusy(false);
      load();
    }
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const body = { group: draft.group.trim(), role: draft.role, provider_ids: draft.providerIds.length ? draft.providerIds : null };
    if (await run(() => api(routes.ssoGroupCreate, { body, remain: true }))) setDraft(EMPTY);
  };
  const changeRole = (row: SsoGroupGrant, role: SsoRole) =>
    run(() =>
      api(routes.ssoGroupUpdate, { params: { grantId: row.id }, body: { group: row.group, role, provider_ids: row.provider_ids, version: row.version } }),
    );
  const remove = (row: SsoGroupGrant) => run(() => api(routes.ssoGroupDelete, { params: { grantId: row.id }, query: { version: row.version } }));

  if (!mapping?.configured) return null;
  return (
    <section className="sso-groups" aria-labelledby="sso-groups-title">
      <h2 id="sso-groups-title">Identity provider groups</h2>
      <p className="sso-groups-intro">
        {mapping.managed === 'groups'
          ? `At each sign-in through the identity provider, the groups in its “${mapping.claim}” claim give these roles and providers (the highest role of a user's groups). A user in none of them cannot sign in.`
          : 'Roles are managed here in the console (OIDC_ROLES=console): this mapping is kept but not applied.'}
      </p>
      <SsoGroupsTable
        rows={mapping.results}
        providers={providers}
        busy={busy}
        onRole={(row, role) => void changeRole(row, role)}
        onRemove={(row) => void remove(row)}
      />
      <GiveAccessForm draft={draft} setDraft={setDraft} providers={providers} busy={busy} onSubmit={(e) => void add(e)} />
    </section>
  );
}

type Providers = Snapshot<typeof contextStore>['providers'];
type Draft = typeof EMPTY;

/** Each group's role (changed in place), its providers, Remove and History. */
function SsoGroupsTable({
  rows,
  providers,
  busy,
  onRole,
  onRemove,
}: {
  rows: SsoGroupGrant[];
  providers: Providers;
  busy: boolean;
  onRole: (row: SsoGroupGrant, role: SsoRole) => void;
  onRemove: (row: SsoGroupGrant) => void;
}) {
  const providerNames = (ids: number[] | null) => (ids ? ids.map((id) => providers.find((p) => p.id === id)?.name ?? `#${id}`).join(', ') : 'All providers');
  return (
    <table className="sso-groups-table" aria-label="Identity provider groups">
      <thead>
        <tr>
          <th scope="col">Group</th>
          <th scope="col">Role</th>
          <th scope="col">Providers</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={4}>No group has access yet</td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.id}>
              <td>{row.group}</td>
              <td>
                <Dropdown
                  {...dropdownNames(`Role of ${row.group}`)}
                  value={row.role}
                  options={ROLES}
                  disabled={busy}
                  onChange={(e) => onRole(row, e.value as SsoRole)}
                />
              </td>
              <td>{providerNames(row.provider_ids)}</td>
              <td className="operator-actions">
                <Button
                  type="button"
                  label="Remove"
                  size="small"
                  severity="danger"
                  text
                  disabled={busy}
                  aria-label={`Remove ${row.group}`}
                  onClick={() => onRemove(row)}
                />
                <EntityHistory entity="sso_group" id={row.id} name="group" reloadKey={row.version} />
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** A group given access: its name as the claim has it, a role, and providers (none chosen: all). */
function GiveAccessForm({
  draft,
  setDraft,
  providers,
  busy,
  onSubmit,
}: {
  draft: Draft;
  setDraft: (draft: Draft) => void;
  providers: Providers;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form className="operator-form" onSubmit={onSubmit} aria-label="Give a group access" noValidate>
      <Field id="sso-group-name" label="Group (as the claim has it)">
        <InputText id="sso-group-name" autoComplete="off" value={draft.group} maxLength={256} onChange={(e) => setDraft({ ...draft, group: e.target.value })} />
      </Field>
      <Field id="sso-group-role" label="Role">
        <Dropdown
          {...dropdownNames('Role')}
          inputId="sso-group-role"
          value={draft.role}
          options={ROLES}
          onChange={(e) => setDraft({ ...draft, role: e.value as SsoRole })}
        />
      </Field>
      <Field id="sso-group-providers" label="Providers (none chosen: all)">
        <MultiSelect
          inputId="sso-group-providers"
          options={providers.map((p) => ({ value: p.id, label: p.name }))}
          value={draft.providerIds}
          display="chip"
          onChange={(e) => setDraft({ ...draft, providerIds: e.value as number[] })}
        />
      </Field>
      <Button type="submit" label="Give access" icon="pi pi-plus" loading={busy} disabled={!draft.group.trim()} />
    </form>
  );
}
