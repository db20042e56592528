import type { MatchFeedHealth } from '@odds/protocol';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../lib/format';
import { formatSilence, useNow } from '../../live/feedHealthLive';
import { HealthTable } from './HealthTable';
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
 * /feed-health: every live match's feed (stalled ones first, in red), the UOF producers and their
 * recoveries, and what the UOF adapter could not place: unknown markets and unlinked events (link
 * one from its match page header, or `PUT /api/1/match/{id}/uof`).
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
          <HealthTable
            label="UOF producers"
            columns={['Producer', 'State', 'Last alive', 'Subscribed', 'Why', 'Recovery']}
            rows={health.producers}
            empty="No UOF producer has spoken"
            row={(p) => (
              <tr key={p.id} className={p.state !== 'up' ? 'feed-health-stalled' : undefined}>
                <td>{p.id}</td>
                <td>{p.state}</td>
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
          <h2>Unknown UOF markets</h2>
          <HealthTable
            label="Unknown UOF markets"
            columns={['Market', 'Outcome', 'Messages', 'Last seen']}
            rows={health.unknown_markets}
            empty="None"
            row={(u) => (
              <tr key={`${u.market}:${u.outcome ?? ''}`}>
                <td>{u.market}</td>
                <td>{u.outcome ?? '(the market)'}</td>
                <td>{u.count}</td>
                <td>{when(u.last_seen_at)}</td>
              </tr>
            )}
          />
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
        </>
      ) : null}
    </section>
  );
}
