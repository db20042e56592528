import type { ChannelCredentials, ChannelTestReply } from '@odds/protocol';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { Field } from '../../components/forms/Field';

/** What a test message's outcome means, in the admin's words. */
function testText(reply: ChannelTestReply): string {
  if (reply.outcome === 'sent') return `Sent${reply.vendor_id ? ` (id ${reply.vendor_id})` : ''}.`;
  return `Not sent (${reply.outcome}): ${reply.error ?? ''}`;
}

/** A saved channel's Send test: the recipient typed, the button, and what the last test did. */
export function ChannelTest({
  channel,
  busy,
  tested,
  onTest,
}: {
  channel: ChannelCredentials;
  busy: boolean;
  tested: ChannelTestReply | undefined;
  onTest: (recipient: string) => void;
}) {
  const [recipient, setRecipient] = useState('');
  const id = (name: string) => `channel-${channel.vendor}-${name}`;
  return (
    <div className="channel-test">
      <Field id={id('recipient')} label="Test recipient" hint="A device token (or topic:name) to send a test message to">
        <InputText id={id('recipient')} value={recipient} onChange={(e) => setRecipient(e.target.value)} aria-describedby={`${id('recipient')}-hint`} />
      </Field>
      <Button type="button" label="Send test" size="small" disabled={!recipient.trim()} loading={busy} onClick={() => onTest(recipient)} />
      {tested && (
        <p role="status" className={tested.outcome === 'sent' ? 'channel-ok' : 'channel-error'}>
          {testText(tested)}
        </p>
      )}
    </div>
  );
}
