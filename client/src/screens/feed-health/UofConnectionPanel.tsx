import type { UofConnectionHealth } from '@odds/protocol';
import { formatDateTime } from '../../lib/format';
import { formatSilence } from '../../live/feedHealthLive';

const STATE_TEXT = { connecting: 'Connecting', connected: 'Connected', down: 'Not connected (trying again)', standby: 'Standby' } as const;

/**
 * The UOF adapter's broker connection: its state and since when, why it is down, and how long
 * since the last message came. A row no adapter has written for a while says so (no process runs
 * the adapter now), rather than showing a state that may be stale.
 */
export function UofConnectionPanel({ connection, now }: { connection: UofConnectionHealth | null; now: number }) {
  if (!connection) return <p data-testid="uof-connection">UOF broker: no UOF adapter has run here (UOF_AMQP_URL is not set).</p>;
  const down = connection.state !== 'connected' || !connection.current;
  const last = connection.last_message_at ? `${formatSilence(now - Date.parse(connection.last_message_at))} ago` : 'none yet';
  return (
    <dl className={`uof-connection${down ? ' feed-health-stalled' : ''}`} data-testid="uof-connection">
      <dt>UOF broker</dt>
      <dd>
        <strong>{connection.current ? STATE_TEXT[connection.state] : 'Unknown: no adapter has reported for a while'}</strong> since{' '}
        {formatDateTime(connection.since, { seconds: true })}
        {connection.reason ? ` — ${connection.reason}` : ''}
      </dd>
      <dt>Last message</dt>
      <dd>{last}</dd>
      <dt>Reconnects</dt>
      <dd>{connection.reconnects}</dd>
    </dl>
  );
}
