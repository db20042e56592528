import type { FeedHealthReply } from '@odds/protocol';
import { formatDateTime } from '../../lib/format';
import { HealthTable } from './HealthTable';

/**
 * What the UOF adapter left out of the messages it ingested, per UOF market and line (and outcome),
 * with why: no mapping, a line the provider does not carry, a sport it does not read, a part the
 * engine refused. The rest of each message was ingested; add a mapping or a market to take these too.
 */
export function SkippedMarkets({ rows }: { rows: FeedHealthReply['unknown_markets'] }) {
  return (
    <>
      <h2>Skipped UOF markets</h2>
      <p className="hint">Left out of their messages, whose other markets were ingested.</p>
      <HealthTable
        label="Skipped UOF markets"
        columns={['Market', 'Outcome', 'Why', 'Messages', 'Last seen']}
        rows={rows}
        empty="None"
        row={(u) => (
          <tr key={`${u.market}:${u.outcome ?? ''}`}>
            <td>{u.market}</td>
            <td>{u.outcome ?? '(the market)'}</td>
            <td>{u.reason || '—'}</td>
            <td>{u.count}</td>
            <td>{formatDateTime(u.last_seen_at, { seconds: true })}</td>
          </tr>
        )}
      />
    </>
  );
}
