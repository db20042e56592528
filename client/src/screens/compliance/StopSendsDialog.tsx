import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';

interface Props {
  /** What the sends are stopped for (a provider, or every one); null: the dialog is closed. */
  scope: string | null;
  busy: boolean;
  /** Stops the sends with the reason given. */
  onStop: (reason: string) => void;
  onCancel: () => void;
}

/** "Stop all sends": asks why (required), which is the confirmation. */
export function StopSendsDialog({ scope, busy, onStop, onCancel }: Props) {
  return (
    <Dialog visible={scope !== null} onHide={onCancel} modal header="Stop all sends" style={{ width: 'min(30rem, 92vw)' }}>
      {scope !== null ? <StopSendsForm scope={scope} busy={busy} onStop={onStop} onCancel={onCancel} /> : null}
    </Dialog>
  );
}

/** The dialog's form: a reason typed afresh each time the dialog opens. */
function StopSendsForm({ scope, busy, onStop, onCancel }: Props & { scope: string }) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const confirmStop = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    onStop(reason.trim());
  };

  return (
    <form onSubmit={confirmStop} aria-label="Stop all sends" className="compliance-stop-form">
      <p>
        Stop every send of <strong>{scope}</strong>? Every console shows a banner until an admin resumes them.
      </p>
      <label htmlFor="stop-reason">Why (shown in every console and in history)</label>
      <InputTextarea
        id="stop-reason"
        autoFocus
        rows={3}
        maxLength={500}
        value={reason}
        aria-invalid={missing}
        onChange={(e) => {
          setReason(e.target.value);
          setMissing(false);
        }}
      />
      {missing ? <Message severity="error" role="alert" text="Say why sends are stopped" /> : null}
      <div className="compliance-dialog-buttons">
        <Button type="button" label="Cancel" outlined onClick={onCancel} />
        <Button type="submit" label="Stop all sends" severity="danger" loading={busy} />
      </div>
    </form>
  );
}
