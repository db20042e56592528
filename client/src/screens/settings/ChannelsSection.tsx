import type { ChannelCredentials, ChannelTestReply } from '@odds/protocol';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { Field } from '../../components/forms/Field';
import { ChannelTest } from './ChannelTest';
import { useChannels } from './useChannels';
import { WebhookSigningCard } from './WebhookSigningCard';

const STATE = {
  configured: { label: 'Configured', severity: 'success' },
  failing: { label: 'Failing', severity: 'danger' },
  not_configured: { label: 'Not configured', severity: 'warning' },
} as const;

function ChannelCard({
  channel,
  busy,
  tested,
  hooks,
}: {
  channel: ChannelCredentials;
  busy: boolean;
  tested?: ChannelTestReply;
  hooks: ReturnType<typeof useChannels>;
}) {
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...channel.settings }));
  const state = STATE[channel.state];
  const id = (name: string) => `channel-${channel.vendor}-${name}`;
  const submit = () => {
    const settings: Record<string, string> = {};
    const secrets: Record<string, string> = {};
    for (const field of channel.fields) (field.secret ? secrets : settings)[field.name] = values[field.name] ?? '';
    void hooks
      .save(channel, settings, secrets)
      .then(() => setValues((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !channel.fields.find((f) => f.name === name)?.secret))));
  };
  return (
    <article className="channel-card" aria-labelledby={id('title')}>
      <header>
        <h3 id={id('title')}>{channel.name}</h3>
        <Tag value={state.label} severity={state.severity} />
      </header>
      {channel.state === 'failing' && channel.last_error && <p className="channel-error">Last error: {channel.last_error}</p>}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {channel.fields.map((field) => {
          const placeholder = field.secret && channel.secrets_set.includes(field.name) ? 'Saved: leave empty to keep' : '';
          const common = {
            id: id(field.name),
            value: values[field.name] ?? '',
            placeholder,
            ...(field.description && { 'aria-describedby': `${id(field.name)}-hint` }),
            onChange: (e: { target: { value: string } }) => setValues({ ...values, [field.name]: e.target.value }),
          };
          return (
            <Field
              key={field.name}
              id={id(field.name)}
              label={`${field.label}${field.required ? ' *' : ''}`}
              {...(field.description && { hint: field.description })}
            >
              {field.multiline ? (
                <InputTextarea {...common} rows={3} autoComplete="off" />
              ) : (
                <InputText {...common} type={field.secret ? 'password' : 'text'} autoComplete="off" />
              )}
            </Field>
          );
        })}
        <div className="channel-actions">
          <Button type="submit" label="Save" size="small" loading={busy} />
          {channel.version !== null && (
            <Button type="button" label="Remove" size="small" severity="secondary" outlined onClick={() => void hooks.remove(channel)} />
          )}
        </div>
      </form>
      {channel.version !== null && <ChannelTest channel={channel} busy={busy} tested={tested} onTest={(recipient) => void hooks.test(channel, recipient)} />}
    </article>
  );
}

/** The provider's vendor channels (admins only; docs/channels.md): per channel its form, state and Send test. */
export function ChannelsSection({ providerId, providerName }: { providerId: number; providerName: string }) {
  const hooks = useChannels(providerId);
  if (!hooks.channels) return <p>Loading channels…</p>;
  return (
    <section aria-labelledby="channels-title" className="channels-section">
      <h2 id="channels-title">Channels of {providerName}</h2>
      <p>Credentials for the vendors that carry offers to contacts. Secrets are never shown again once saved.</p>
      <div className="channel-grid">
        <WebhookSigningCard providerId={providerId} />
        {hooks.channels.map((channel) => (
          <ChannelCard
            key={`${channel.vendor}-${channel.version ?? 0}`}
            channel={channel}
            busy={hooks.busy === channel.vendor}
            tested={hooks.tests[channel.vendor]}
            hooks={hooks}
          />
        ))}
      </div>
    </section>
  );
}
