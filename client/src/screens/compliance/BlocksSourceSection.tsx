import { BLOCKS_AUTH, type BlocksAuth } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { Field, SwitchField } from '../../components/forms/Field';
import { dropdownNames, switchPt } from '../../components/forms/a11y';
import { useBlocksSource } from './useComplianceData';

const STATE = {
  ok: { label: 'Answering', severity: 'success' },
  unavailable: { label: 'Unavailable: person contacts are suppressed', severity: 'danger' },
  not_configured: { label: 'Not configured', severity: 'warning' },
} as const;

/**
 * The provider's blocks and consents source (Fast Track operator contract) and "no consent
 * recorded suppresses", for admins (docs/compliance.md). The secret is write-only.
 */
export function BlocksSourceSection({ providerId }: { providerId: number }) {
  const { source, busy, save } = useBlocksSource(providerId);
  const [url, setUrl] = useState('');
  const [auth, setAuth] = useState<BlocksAuth>('api_key');
  const [username, setUsername] = useState('');
  const [secret, setSecret] = useState('');
  const [consentRequired, setConsentRequired] = useState(false);
  useEffect(() => {
    if (!source) return;
    setUrl(source.base_url ?? '');
    setAuth(source.auth);
    setUsername(source.username ?? '');
    setConsentRequired(source.consent_required);
  }, [source]);
  if (!source) return <p>Loading...</p>;
  const state = STATE[source.state];
  return (
    <section className="form-section" aria-labelledby="blocks-source-title">
      <h2 id="blocks-source-title">Blocks and consents source</h2>
      <p>
        <Tag value={state.label} severity={state.severity} />
        {source.last_error && <span className="channel-error"> Last error: {source.last_error}</span>}
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save({
            base_url: url.trim() || null,
            auth,
            username: username.trim() || null,
            secret,
            consent_required: consentRequired,
            version: source.version,
          }).then(() => setSecret(''));
        }}
      >
        <div className="form-grid">
          <Field id="blocks-url" label="Base URL (GET {base}/userblocks/{id}, /userconsents/{id})">
            <InputText id="blocks-url" value={url} placeholder="https://sportsbook.example.com/ft" onChange={(e) => setUrl(e.target.value)} />
          </Field>
          <Field id="blocks-auth" label="Authentication">
            <Dropdown
              {...dropdownNames('Authentication')}
              inputId="blocks-auth"
              options={[...BLOCKS_AUTH]}
              value={auth}
              onChange={(e) => setAuth(e.value as BlocksAuth)}
            />
          </Field>
          {auth === 'basic' && (
            <Field id="blocks-username" label="User name">
              <InputText id="blocks-username" value={username} onChange={(e) => setUsername(e.target.value)} />
            </Field>
          )}
          <Field id="blocks-secret" label={auth === 'basic' ? 'Password' : auth === 'bearer' ? 'Token' : 'API key'}>
            <InputText
              id="blocks-secret"
              type="password"
              autoComplete="off"
              value={secret}
              placeholder={source.secret_set ? 'Saved: leave empty to keep' : ''}
              onChange={(e) => setSecret(e.target.value)}
            />
          </Field>
          <SwitchField id="blocks-consent" title="No consent recorded suppresses" label="A person contact without a recorded consent is not sent to">
            <InputSwitch pt={switchPt} inputId="blocks-consent" checked={consentRequired} onChange={(e) => setConsentRequired(!!e.value)} />
          </SwitchField>
        </div>
        <Button type="submit" label="Save" icon="pi pi-check" loading={busy} />
      </form>
    </section>
  );
}
