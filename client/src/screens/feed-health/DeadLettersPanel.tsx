import { routes, type UofDeadLetter } from '@odds/protocol';
import { useCallback, useState } from 'react';
import { api } from '../../api/client';
import { invalidateRoute, useApiQuery } from '../../api/queries';
import { ask } from '../../components/question';
import { formatDateTime } from '../../lib/format';
import { HealthTable } from './HealthTable';

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`;

function redriveState(letter: UofDeadLetter): string {
  if (letter.redriven_at) return `re-driven ${formatDateTime(letter.redriven_at, { seconds: true })}: ${letter.redrive_outcome ?? ''}`;
  if (letter.redrive_requested_at) return `waiting (asked by ${letter.redrive_requested_by ?? '?'})`;
  return letter.redrivable ? '—' : 'only its start was kept';
}

/**
 * The UOF messages the adapter could not take, with their reasons and a look at each (its first
 * 2,000 characters), and Re-drive: an operator drives one through the adapter again (after
 * fixing a mapping, say), audited; the adapter takes it within a few seconds and the row says
 * what came of it (Refresh, or the next push of this screen, reads it again).
 */
export function DeadLettersPanel() {
  const query = useApiQuery(routes.uofDeadLetters, { query: { limit: 50 }, silent: true });
  const [busy, setBusy] = useState<number | null>(null);
  const refresh = useCallback(() => void invalidateRoute(routes.uofDeadLetters), []);
  const redrive = useCallback(
    async (letter: UofDeadLetter) => {
      if (!(await ask(`Drive dead letter ${letter.id} (${letter.kind}) through the UOF adapter again?`, { header: 'Re-drive', accept: 'Re-drive' }))) return;
      setBusy(letter.id);
      try {
        await api(routes.uofDeadLetterRedrive, { params: { deadLetterId: letter.id } });
      } catch {
        // Shown by the API client ('Dead letter 12 is already waiting to be driven again').
      } finally {
        setBusy(null);
        refresh();
      }
    },
    [refresh],
  );
  const reply = query.data;
  const counts = reply?.counts.map((c) => `${c.kind} ${c.count}`).join(', ');
  return (
    <>
      <h2>UOF dead letters</h2>
      {query.error ? (
        <p className="form-error" role="alert">
          {query.error.message}
        </p>
      ) : null}
      <p>
        {reply ? (counts ? `By kind: ${counts}.` : 'None.') : 'Loading...'}{' '}
        <button type="button" className="p-button p-button-text p-button-sm" onClick={refresh}>
          Refresh
        </button>
      </p>
      <HealthTable
        label="UOF dead letters"
        columns={['Received', 'Kind', 'Reason', 'Size', 'Message', 'Re-drive']}
        rows={reply?.results ?? []}
        empty="None"
        row={(letter) => (
          <tr key={letter.id} data-testid={`dead-letter-${letter.id}`}>
            <td>{formatDateTime(letter.created_at, { seconds: true })}</td>
            <td>{letter.kind}</td>
            <td className="feed-health-reason">{letter.reason}</td>
            <td>{size(letter.size)}</td>
            <td>
              <details>
                <summary>{letter.routing_key}</summary>
                <pre className="feed-health-preview">{letter.preview}</pre>
              </details>
            </td>
            <td>
              <button
                type="button"
                className="p-button p-button-sm p-button-outlined"
                disabled={!letter.redrivable || busy === letter.id || (letter.redrive_requested_at !== null && letter.redriven_at === null)}
                onClick={() => void redrive(letter)}
              >
                Re-drive
              </button>
              <div className="feed-health-note">{redriveState(letter)}</div>
            </td>
          </tr>
        )}
      />
    </>
  );
}
