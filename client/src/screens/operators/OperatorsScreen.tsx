import type { Operator } from '@odds/protocol';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { Field } from '../../components/forms/Field';
import { GenericTable, type TableColumn } from '../../components/table';
import { formatDateTime } from '../../lib/format';
import { contextStore } from '../../stores/context';
import { sessionStore } from '../../stores/session';
import { SessionsDialog } from '../../components/sessions';
import { AccessDialog } from './AccessDialog';
import { AccessFields, grantText, ROLE_TEXT, type AccessDraft } from './AccessFields';
import { AuditLogExport } from './AuditLogExport';
import { OperatorActions } from './OperatorActions';
import { PasswordLinkNotice } from './PasswordLinkNotice';
import { SsoGroupsPanel } from './SsoGroupsPanel';
import { useOperators } from './useOperators';
import './operators.css';

const STATUS_TEXT: Record<Operator['status'], string> = { active: 'Active', pending: 'Invited', disabled: 'Disabled' };
const EMPTY: { email: string; name: string } & AccessDraft = { email: '', name: '', role: 'editor', providerIds: 'all' };

/**
 * /operators (admins only): the team's accounts. Invite by email (a pending account and a one-time
 * set-password link) with a role and providers, disable or enable, reset a password (a new link;
 * their sessions end), make or remove an admin, change the role and providers (Access). Each change
 * is on the operator's History.
 */
export default function OperatorsScreen() {
  const { list, invite, setStatus, setAdmin, setAccess, resetPassword, made, busy } = useOperators();
  const me = useSnapshot(sessionStore).user?.id;
  const { providers } = useSnapshot(contextStore);
  const [draft, setDraft] = useState(EMPTY);
  const [sessionsOf, setSessionsOf] = useState<Operator | null>(null);
  const [accessOf, setAccessOf] = useState<Operator | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { role, providerIds } = draft;
    if (await invite({ email: draft.email.trim(), name: draft.name.trim(), admin: role === 'admin', role, provider_ids: providerIds })) setDraft(EMPTY);
  };

  const columns: TableColumn<Operator>[] = [
    { field: 'name', header: 'Name' },
    { field: 'email', header: 'Email' },
    { field: 'role', header: 'Role', body: (o) => ROLE_TEXT[o.role].split(' (')[0] },
    { field: 'provider_ids', header: 'Providers', body: (o) => grantText(o.provider_ids, providers) },
    { field: 'status', header: 'Status', body: (o) => <span className={`operator-status operator-${o.status}`}>{STATUS_TEXT[o.status]}</span> },
    { field: 'last_sign_in_at', header: 'Last sign-in', body: (o) => (o.last_sign_in_at ? formatDateTime(o.last_sign_in_at) : 'Never') },
    { field: 'created_by_name', header: 'Created by', body: (o) => `${o.created_by_name ?? 'System'}, ${formatDateTime(o.created_at)}` },
    {
      field: 'actions',
      header: 'Actions',
      body: (o) => (
        <OperatorActions
          operator={o}
          me={me}
          actions={{ setStatus, setAdmin, resetPassword, busy }}
          onAccess={() => setAccessOf(o)}
          onSessions={() => setSessionsOf(o)}
          reloadKey={busy === null && sessionsOf === null ? 0 : 1}
        />
      ),
    },
  ];

  return (
    <section aria-labelledby="screen-title" className="operators-screen">
      <h1 id="screen-title">Operators</h1>
      <form className="operator-form" onSubmit={(e) => void submit(e)} aria-label="Invite an operator" noValidate>
        <Field id="invite-email" label="Email">
          <InputText
            id="invite-email"
            type="email"
            autoComplete="off"
            value={draft.email}
            maxLength={254}
            onChange={(e) => setDraft({ ...draft, email: e.target.value })}
          />
        </Field>
        <Field id="invite-name" label="Name">
          <InputText id="invite-name" autoComplete="off" value={draft.name} maxLength={100} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </Field>
        <AccessFields id="invite" draft={draft} onChange={(access) => setDraft({ ...draft, ...access })} />
        <Button type="submit" label="Invite" icon="pi pi-user-plus" loading={busy === 'invite'} />
      </form>
      {made ? <PasswordLinkNotice made={made} /> : null}
      <GenericTable list={list} columns={columns} label="Operators" emptyMessage="No operators" paginator={false} />
      <AuditLogExport />
      <SsoGroupsPanel />
      {accessOf ? <AccessDialog operator={accessOf} onSave={(access) => setAccess(accessOf, access)} onHide={() => setAccessOf(null)} /> : null}
      {sessionsOf ? <SessionsDialog of={{ kind: 'operator', id: sessionsOf.id, name: sessionsOf.name }} visible onHide={() => setSessionsOf(null)} /> : null}
    </section>
  );
}
