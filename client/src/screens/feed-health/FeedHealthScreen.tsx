import { useNow } from '../../live/feedHealthLive';
import { CatalogSyncPanel } from './CatalogSyncPanel';
import { DeadLettersPanel } from './DeadLettersPanel';
import { MatchRow, ProducerRow, RecoveryRow, UnlinkedEventRow } from './feedHealthRows';
import { HealthTable } from './HealthTable';
import { SkippedMarkets } from './SkippedMarkets';
import { UofConnectionPanel } from './UofConnectionPanel';
import { useFeedHealth } from './useFeedHealth';
import './feedHealth.css';

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
            row={(p) => <ProducerRow key={p.id} producer={p} />}
          />
          <h2>Recoveries</h2>
          <HealthTable
            label="Recoveries"
            columns={['Producer', 'Request', 'After', 'Started', 'Ended', 'Messages', 'Attempts', 'Status']}
            rows={health.recoveries}
            empty="None"
            row={(r) => <RecoveryRow key={r.id} recovery={r} />}
          />
          <DeadLettersPanel />
          <SkippedMarkets rows={health.unknown_markets} />
          <h2>Unlinked UOF events</h2>
          <HealthTable
            label="Unlinked UOF events"
            columns={['Event', 'Teams', 'Kick-off', 'Messages', 'Last seen']}
            rows={health.unlinked_events}
            empty="None"
            row={(u) => <UnlinkedEventRow key={u.event} event={u} />}
          />
          <CatalogSyncPanel />
        </>
      ) : null}
    </section>
  );
}
