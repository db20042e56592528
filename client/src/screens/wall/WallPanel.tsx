import { formatGameClock, formatOdds } from '@odds/protocol';
import { useOddsChart } from '../match/graph/useOddsChart';
import { useWallPanel } from './useWallPanel';

const LEVEL = { ok: 'Live', degraded: 'Degraded', down: 'Down', connecting: 'Connecting' } as const;

/** One match on the wall: name, score and clock, connection, the market's chart and last offers. */
export function WallPanel({ matchId, marketId }: { matchId: number; marketId: number | null }) {
  const panel = useWallPanel(matchId, marketId);
  const chart = useOddsChart(panel.ascending, panel.market, { dark: true, height: 260 });
  const title = panel.match?.name ?? `Match ${matchId}`;
  return (
    <section className="wall-panel" aria-label={title}>
      <header className="wall-panel-head">
        <h2>{title}</h2>
        <span className={`wall-state wall-${panel.level}`} role="status">
          {LEVEL[panel.level]}
        </span>
      </header>
      <div className="wall-score">
        <span className="wall-scoreline">{panel.score}</span>
        <span className="wall-clock">{panel.clock}</span>
      </div>
      <p className="wall-market">{panel.marketName || 'Waiting for offers'}</p>
      <figure className="chart-figure">
        <figcaption className="sr-only">{`Odds of ${panel.marketName || 'the market'} for ${title}`}</figcaption>
        <div ref={chart} className="wall-chart" />
      </figure>
      <table className="wall-offers" aria-label={`Last offers of ${title}`}>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Odds</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {panel.lastOffers.map((offer) => (
            <tr key={offer.id}>
              <td>{formatGameClock(offer.match_time, offer.prematch)}</td>
              <td>{offer.odds.map((o) => `${o.label} ${formatOdds(o.odds)}`).join('  ')}</td>
              <td>{offer.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="wall-updated">{panel.updated}</p>
    </section>
  );
}
