import { routes, type SendStop } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useSnapshot, type Snapshot } from 'valtio';
import { api } from '../../api/client';
import { ask } from '../../components/question';
import { formatDateTime } from '../../lib/format';
import { loadSendStops, sendStopsStore } from '../../live/sendStops';
import { StopSendsDialog } from './StopSendsDialog';

const scopeName = (stop: SendStop) => (stop.provider ? stop.provider.name : 'Every provider (the whole deployment)');
const keyOf = (stop: SendStop) => stop.provider?.id ?? 0;

/**
 * The kill switch (docs/compliance-operations.md): "Stop all sends" for the whole deployment and
 * for each provider, with a reason (asked in a dialog, which is the confirmation), and "Resume"
 * behind a confirmation. Each write names the version read; the list is read again after every
 * write, and live when another admin throws or resumes it.
 */
export function KillSwitchSection() {
  const { stops, error } = useSnapshot(sendStopsStore);
  const [stopping, setStopping] = useState<SendStop | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const save = async (stop: SendStop, stopped: boolean, why: string): Promise<boolean> => {
    setBusy(keyOf(stop));
    try {
      await api(routes.sendStopSave, { body: { provider_id: stop.provider?.id ?? null, stopped, reason: why, version: stop.version }, remain: true });
      return true;
    } catch {
      return false; // The API client has shown why (a 409: someone else changed it; the list is read again).
    } finally {
      setBusy(null);
      await loadSendStops();
    }
  };

  const confirmStop = async (reason: string) => {
    if (!stopping) return;
    if (await save(stopping, true, reason)) setStopping(null);
  };

  const resume = async (stop: SendStop) => {
    const yes = await ask(`Resume sends of ${scopeName(stop)}? Offers decided from now on are sent again; nothing held back during the stop is sent.`, {
      header: 'Resume sends',
      accept: 'Resume sends',
      reject: 'Cancel',
      danger: true,
    });
    if (yes) await save(stop, false, '');
  };

  return (
    <section aria-labelledby="kill-switch-title" className="compliance-section">
      <h2 id="kill-switch-title">Kill switch</h2>
      <p>
        Stops every send (push, messaging, webhook, email) at once, on every engine worker within a second. What the engine decides meanwhile is held back as
        “sends stopped”.
      </p>
      {error ? <Message severity="error" role="alert" text={`The kill switch could not be read: ${error}`} /> : null}
      {!stops && !error ? <p role="status">Loading...</p> : null}
      {stops ? <KillSwitchTable stops={stops} busy={busy} onResume={(stop) => void resume(stop)} onStop={setStopping} /> : null}
      <StopSendsDialog
        scope={stopping ? scopeName(stopping) : null}
        busy={stopping !== null && busy === keyOf(stopping)}
        onStop={(reason) => void confirmStop(reason)}
        onCancel={() => setStopping(null)}
      />
    </section>
  );
}

/** Each scope's state, last change and reason, with "Resume sends" when stopped and "Stop all sends" when sending. */
function KillSwitchTable({
  stops,
  busy,
  onResume,
  onStop,
}: {
  stops: Snapshot<SendStop[]>;
  busy: number | null;
  onResume: (stop: SendStop) => void;
  onStop: (stop: SendStop) => void;
}) {
  return (
    <table className="compliance-table" aria-label="Kill switch">
      <thead>
        <tr>
          <th scope="col">Scope</th>
          <th scope="col">State</th>
          <th scope="col">Last change</th>
          <th scope="col">Reason</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {stops.map((stop) => (
          <tr key={keyOf(stop)} className={stop.stopped ? 'compliance-stopped' : undefined}>
            <th scope="row">{scopeName(stop)}</th>
            <td>{stop.stopped ? <strong>Stopped</strong> : 'Sending'}</td>
            <td>{stop.changed_by ? `${stop.changed_by.name}, ${formatDateTime(stop.changed_at!)}` : 'Never stopped'}</td>
            <td>{stop.reason || '—'}</td>
            <td>
              {stop.stopped ? (
                <Button
                  type="button"
                  label="Resume sends"
                  size="small"
                  outlined
                  disabled={busy === keyOf(stop)}
                  aria-label={`Resume sends of ${scopeName(stop)}`}
                  onClick={() => onResume(stop as SendStop)}
                />
              ) : (
                <Button
                  type="button"
                  label="Stop all sends"
                  size="small"
                  severity="danger"
                  disabled={busy === keyOf(stop)}
                  aria-label={`Stop all sends of ${scopeName(stop)}`}
                  onClick={() => onStop(stop as SendStop)}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
