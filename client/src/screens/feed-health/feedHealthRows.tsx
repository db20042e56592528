import type { FeedHealthReply, MatchFeedHealth } from '@odds/protocol';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../lib/format';
import { formatSilence } from '../../live/feedHealthLive';

const when = (iso: string | null) => (iso ? formatDateTime(iso, { seconds: true }) : '—');

/** A live match's feed: red while stalled. */
export function MatchRow({ row, now }: { row: MatchFeedHealth; now: number }) {
  const silence = row.last_message_at ? formatSilence(now - Date.parse(row.last_message_at)) : '—';
  return (
    <tr className={row.stalled ? 'feed-health-stalled' : undefined} data-testid={`feed-health-${row.match_id}`}>
      <td>
        <Link to={`/match/${row.match_id}`}>{row.name}</Link>
      </td>
      <td>{row.feed === 'uof' ? `UOF ${row.event ?? ''}` : 'odds-feed/1'}</td>
      <td>{when(row.last_message_at)}</td>
      <td>{silence}</td>
      <td>{row.stalled ? <strong>Stalled{row.stalled_since ? ` since ${when(row.stalled_since)}` : ''}</strong> : 'Flowing'}</td>
      <td>{row.producer ?? '—'}</td>
    </tr>
  );
}

/** A UOF producer: its state, delay, last alive, why and its recovery; red unless up. */
export function ProducerRow({ producer }: { producer: FeedHealthReply['producers'][number] }) {
  return (
    <tr className={producer.state !== 'up' ? 'feed-health-stalled' : undefined}>
      <td>{producer.name ? `${producer.id} ${producer.name}` : producer.id}</td>
      <td>{producer.state}</td>
      <td>{producer.delay_ms === null ? '—' : `${(producer.delay_ms / 1000).toFixed(1)} s`}</td>
      <td>{when(producer.last_alive_at)}</td>
      <td>{producer.subscribed ? 'yes' : 'no'}</td>
      <td>{producer.reason ?? '—'}</td>
      <td>
        {producer.recovery
          ? `request ${producer.recovery.request_id}, attempt ${producer.recovery.attempts}, since ${when(producer.recovery.started_at)}`
          : '—'}
      </td>
    </tr>
  );
}

/** A UOF recovery: what it asked for, when, and how it went. */
export function RecoveryRow({ recovery }: { recovery: FeedHealthReply['recoveries'][number] }) {
  return (
    <tr>
      <td>{recovery.producer}</td>
      <td>{recovery.request_id}</td>
      <td>{when(recovery.after)}</td>
      <td>{when(recovery.started_at)}</td>
      <td>{when(recovery.ended_at)}</td>
      <td>{recovery.messages}</td>
      <td>{recovery.attempts}</td>
      <td>{recovery.status}</td>
    </tr>
  );
}

/** A UOF event no match is linked to: its teams, kick-off and messages seen. */
export function UnlinkedEventRow({ event }: { event: FeedHealthReply['unlinked_events'][number] }) {
  return (
    <tr>
      <td>{event.event}</td>
      <td>{event.home && event.away ? `${event.home} - ${event.away}` : '—'}</td>
      <td>{when(event.kick_off)}</td>
      <td>{event.count}</td>
      <td>{when(event.last_seen_at)}</td>
    </tr>
  );
}
