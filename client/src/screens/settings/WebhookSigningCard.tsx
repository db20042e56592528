import { routes, type WebhookSecretIssued, type WebhookSecretState } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * The provider's webhook signing secret (Settings → Channels, admins; docs/channels.md "Signed"):
 * whether it is set and since when (never the value), and Rotate behind a confirmation. The new
 * secret is shown once, right after the rotation; with "keep the old one" both sign for 24 h.
 */
export function WebhookSigningCard({ providerId }: { providerId: number }) {
  const [state, setState] = useState<WebhookSecretState | null>(null);
  const [asking, setAsking] = useState(false);
  const [overlap, setOverlap] = useState(true);
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<WebhookSecretIssued | null>(null);

  const load = useCallback(async () => {
    try {
      setState(await api(routes.webhookSecret, { params: { providerId } }));
    } catch {
      setState(null);
    }
  }, [providerId]);
  useEffect(() => {
    void load();
  }, [load]);

  const rotate = async () => {
    setBusy(true);
    try {
      setIssued(await api(routes.webhookSecretRotate, { params: { providerId }, body: { version: state?.version ?? null, overlap } }));
      setAsking(false);
    } catch {
      // The API client has shown why (a 409 when someone rotated meanwhile); the reload shows where things stand.
    } finally {
      setBusy(false);
      await load();
    }
  };

  return (
    <article className="channel-card" aria-labelledby="webhook-signing-title">
      <header>
        <h3 id="webhook-signing-title">Webhook signing secret</h3>
        <Tag value={state?.configured ? 'Set' : 'Not set'} severity={state?.configured ? 'success' : 'warning'} />
      </header>
      <p>
        Every webhook is signed the Standard Webhooks way; receivers verify it with this secret.{' '}
        {state?.configured && state.created_at ? `In use since ${when(state.created_at)}.` : 'It is made on the first webhook.'}
      </p>
      {state?.previous_until && <p>The previous secret also signs until {when(state.previous_until)}.</p>}
      {issued && (
        <div className="channel-test">
          <label htmlFor="webhook-secret-new">New secret: copy it now, it is not shown again</label>
          <InputText id="webhook-secret-new" value={issued.secret} readOnly onFocus={(e) => e.target.select()} />
        </div>
      )}
      <div className="channel-actions">
        <Button type="button" label="Rotate" size="small" severity="secondary" outlined onClick={() => setAsking(true)} />
      </div>
      <Dialog
        header="Rotate the signing secret?"
        visible={asking}
        onHide={() => setAsking(false)}
        footer={
          <>
            <Button label="Cancel" size="small" text onClick={() => setAsking(false)} />
            <Button label="Rotate" size="small" severity="danger" loading={busy} onClick={() => void rotate()} />
          </>
        }
      >
        <p>A new secret is made and shown once. Receivers must be given it to keep verifying webhooks.</p>
        <div className="webhook-overlap">
          <Checkbox inputId="webhook-overlap" checked={overlap} onChange={(e) => setOverlap(e.checked === true)} />
          <label htmlFor="webhook-overlap">Keep signing with the old secret too for 24 hours (untick if it leaked)</label>
        </div>
      </Dialog>
    </article>
  );
}
