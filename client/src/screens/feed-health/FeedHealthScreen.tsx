import type { MatchFeedHealth } from '@odds/protocol';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../lib/format';
import { formatSilence, useNow } from '../../live/feedHealthLive';
import { CatalogSyncPanel } from './CatalogSyncPanel';
import { DeadLettersPanel } from './DeadLettersPanel';
import { HealthTable } from './HealthTable';
import { SkippedMarkets } from './SkippedMarkets';
import { UofConnectionPanel } from './UofConnectionPanel';
import { useFeedHealth } from './useFeedHealth';
import './feedHealth.css';

const when = (iso: string | null) => (iso ? formatDateTime(iso, { seconds: true }) : '—');

function MatchRow({ row, now }: { row: MatchFeedHealth; now: number }) {
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

/**
 * /feed-health: every live match's feed (stalled ones first, in red), the UOF broker connection,
 * the producers (with their delay) and their recoveries, the dead letters (with Re-drive), and
 * what the UOF adapter could not place: skipped markets and unlinked events (link
 * one from its match page header, or `PUT /api/1/match/{id}/uof`); the catalog sync of the
 * selected provider (what it made of the vendor's schedules, Sync now).
 */
export default function FeedHealthScreen() {
  const { health, error } = useFeedHealth();
  const now = useNow(true);
  const matches = [...(health?.matches ?? [])].sort((a, b) => Number(b.stalled) - Number(a.stalled) || a.match_id - b.match_id);
  return (
    <section aria-labelledby="screen-title" className="feed-health-screen">
      <h1 id="screen-title">Feed health</h1>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {!health && !error ? <p>Loading...</p> : null}
      {health ? (
        <>
          <p>A live match is stalled after {health.stall_after_s} s without a feed message, or while its UOF producer is down.</p>
          <HealthTable
            label="Live matches"
            columns={['Match', 'Feed', 'Last message', 'Quiet for', 'State', 'Producer']}
            rows={matches}
            empty="No match in play"
            row={(row) => <MatchRow key={row.match_id} row={row} now={now} />}
          />
          <h2>UOF producers</h2>
          <UofConnectionPanel connection={health.connection} now={now} />
          <HealthTable
            label="UOF producers"
            columns={['Producer', 'State', 'Delay', 'Last alive', 'Subscribed', 'Why', 'Recovery']}
            rows={health.producers}
            empty="No UOF producer has spoken"
            row={(p) => (
              <tr key={p.id} className={p.state !== 'up' ? 'feed-health-stalled' : undefined}>
                <td>{p.name ? `${p.id} ${p.name}` : p.id}</td>
                <td>{p.state}</td>
                <td>{p.delay_ms === null ? '—' : `${(p.delay_ms / 1000).toFixed(1)} s`}</td>
                <td>{when(p.last_alive_at)}</td>
                <td>{p.subscribed ? 'yes' : 'no'}</td>
                <td>{p.reason ?? '—'}</td>
                <td>{p.recovery ? `request ${p.recovery.request_id}, attempt ${p.recovery.attempts}, since ${when(p.recovery.started_at)}` : '—'}</td>
              </tr>
            )}
          />
          <h2>Recoveries</h2>
          <HealthTable
            label="Recoveries"
            columns={['Producer', 'Request', 'After', 'Started', 'Ended', 'Messages', 'Attempts', 'Status']}
            rows={health.recoveries}
            empty="None"
            row={(r) => (
              <tr key={r.id}>
                <td>{r.producer}</td>
                <td>{r.request_id}</td>
                <td>{when(r.after)}</td>
                <td>{when(r.started_at)}</td>
                <td>{when(r.ended_at)}</td>
                <td>{r.messages}</td>
                <td>{r.attempts}</td>
                <td>{r.status}</td>
              </tr>
            )}
          />
          <DeadLettersPanel />
          <SkippedMarkets rows={health.unknown_markets} />
          <h2>Unlinked UOF events</h2>
          <HealthTable
            label="Unlinked UOF events"
            columns={['Event', 'Teams', 'Kick-off', 'Messages', 'Last seen']}
            rows={health.unlinked_events}
            empty="None"
            row={(u) => (
              <tr key={u.event}>
                <td>{u.event}</td>
                <td>{u.home && u.away ? `${u.home} - ${u.away}` : '—'}</td>
                <td>{when(u.kick_off)}</td>
                <td>{u.count}</td>
                <td>{when(u.last_seen_at)}</td>
              </tr>
            )}
          />
          <CatalogSyncPanel />
        </>
      ) : null}
    </section>
  );
}
