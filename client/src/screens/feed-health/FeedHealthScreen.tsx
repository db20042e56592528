import type { MatchFeedHealth } from '@odds/protocol';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../lib/format';
import { formatSilence, useNow } from '../../live/feedHealthLive';
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
          <table className="feed-health-table" aria-label="Live matches">
            <thead>
              <tr>
                <th scope="col">Match</th>
                <th scope="col">Feed</th>
                <th scope="col">Last message</th>
                <th scope="col">Quiet for</th>
                <th scope="col">State</th>
                <th scope="col">Producer</th>
              </tr>
            </thead>
            <tbody>
              {matches.length ? (
                matches.map((row) => <MatchRow key={row.match_id} row={row} now={now} />)
              ) : (
                <tr>
                  <td colSpan={6}>No match in play</td>
                </tr>
              )}
            </tbody>
          </table>
          <h2>UOF producers</h2>
          <table className="feed-health-table" aria-label="UOF producers">
            <thead>
              <tr>
                <th scope="col">Producer</th>
                <th scope="col">State</th>
                <th scope="col">Last alive</th>
                <th scope="col">Subscribed</th>
                <th scope="col">Why</th>
                <th scope="col">Recovery</th>
              </tr>
            </thead>
            <tbody>
              {health.producers.length ? (
                health.producers.map((p) => (
                  <tr key={p.id} className={p.state !== 'up' ? 'feed-health-stalled' : undefined}>
                    <td>{p.id}</td>
                    <td>{p.state}</td>
                    <td>{when(p.last_alive_at)}</td>
                    <td>{p.subscribed ? 'yes' : 'no'}</td>
                    <td>{p.reason ?? '—'}</td>
                    <td>{p.recovery ? `request ${p.recovery.request_id}, attempt ${p.recovery.attempts}, since ${when(p.recovery.started_at)}` : '—'}</td>
                  </tr>
                ))
              ) : (
                <tr>
                  <td colSpan={6}>No UOF producer has spoken</td>
                </tr>
              )}
            </tbody>
          </table>
          <h2>Recoveries</h2>
          <table className="feed-health-table" aria-label="Recoveries">
            <thead>
              <tr>
                <th scope="col">Producer</th>
                <th scope="col">Request</th>
                <th scope="col">After</th>
                <th scope="col">Started</th>
                <th scope="col">Ended</th>
                <th scope="col">Messages</th>
                <th scope="col">Attempts</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {health.recoveries.length ? (
                health.recoveries.map((r) => (
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
                ))
              ) : (
                <tr>
                  <td colSpan={8}>None</td>
                </tr>
              )}
            </tbody>
          </table>
          <h2>Unknown UOF markets</h2>
          <table className="feed-health-table" aria-label="Unknown UOF markets">
            <thead>
              <tr>
                <th scope="col">Market</th>
                <th scope="col">Outcome</th>
                <th scope="col">Messages</th>
                <th scope="col">Last seen</th>
              </tr>
            </thead>
            <tbody>
              {health.unknown_markets.length ? (
                health.unknown_markets.map((u) => (
                  <tr key={`${u.market}:${u.outcome ?? ''}`}>
                    <td>{u.market}</td>
                    <td>{u.outcome ?? '(the market)'}</td>
                    <td>{u.count}</td>
                    <td>{when(u.last_seen_at)}</td>
                  </tr>
                ))
              ) : (
                <tr>
                  <td colSpan={4}>None</td>
                </tr>
              )}
            </tbody>
          </table>
          <h2>Unlinked UOF events</h2>
          <table className="feed-health-table" aria-label="Unlinked UOF events">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Teams</th>
                <th scope="col">Kick-off</th>
                <th scope="col">Messages</th>
                <th scope="col">Last seen</th>
              </tr>
            </thead>
            <tbody>
              {health.unlinked_events.length ? (
                health.unlinked_events.map((u) => (
                  <tr key={u.event}>
                    <td>{u.event}</td>
                    <td>{u.home && u.away ? `${u.home} - ${u.away}` : '—'}</td>
                    <td>{when(u.kick_off)}</td>
                    <td>{u.count}</td>
                    <td>{when(u.last_seen_at)}</td>
                  </tr>
                ))
              ) : (
                <tr>
                  <td colSpan={5}>None</td>
                </tr>
              )}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
