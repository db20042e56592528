import { formatGameClock, formatOdds } from '@odds/protocol';
import { useEffect } from 'react';
import type { PhaseKind } from '../../components/match/matchPhase';
import { ChartLegend } from '../../components/chart/ChartLegend';
import { ChartCredit } from '../../components/chart/ChartCredit';
import { useOddsChart } from '../../components/chart/useOddsChart';
import { useWallPanel } from './useWallPanel';
import { stallText, useMatchFeedHealth, useNow } from '../../live/feedHealthLive';

/** The connection, said quietly: a small dot, and words only when something is wrong. */
const CONNECTION = {
  ok: { text: 'Connected', loud: false },
  connecting: { text: 'Connecting', loud: false },
  degraded: { text: 'Retrying', loud: true },
  down: { text: 'Down', loud: true },
} as const;

/** One match on the wall: its state and date, score, the market's chart and last offers, the connection. */
interface WallPanelProps {
  matchId: number;
  marketId: number | null;
  dark?: boolean;
  /** Offers listed under the chart. */
  lastOffers?: number;
  /** Told the match's phase when it changes (a league wall retires finished matches). */
  onPhase?: (matchId: number, kind: PhaseKind) => void;
}

export function WallPanel({ matchId, marketId, dark = true, lastOffers, onPhase }: WallPanelProps) {
  const panel = useWallPanel(matchId, marketId, lastOffers);
  const phaseKind = panel.phase.kind;
  useEffect(() => onPhase?.(matchId, phaseKind), [onPhase, matchId, phaseKind]);
  const chart = useOddsChart(panel.ascending, panel.market, { dark, height: 260 });
  const title = panel.match?.name ?? `Match ${matchId}`;
  const connection = CONNECTION[panel.level];
  const health = useMatchFeedHealth(matchId);
  const stalled = health?.stalled ?? false;
  const now = useNow(stalled);
  return (
    <section className={`wall-panel${stalled ? ' wall-panel-stalled' : ''}`} aria-label={title} data-stalled={stalled ? 'true' : 'false'}>
      {stalled && health ? (
        <p className="wall-stall" role="alert">
          {stallText(health, now)}
        </p>
      ) : null}
      <header className="wall-panel-head">
        <div>
          <h2>{title}</h2>
          <p className="wall-date">{[panel.date, panel.match?.league.name].filter(Boolean).join(' · ')}</p>
        </div>
        <span className={`wall-phase wall-phase-${panel.phase.kind}`} data-testid="wall-phase">
          {panel.phase.label}
          {panel.phase.kind === 'live' || panel.phase.kind === 'prematch' ? <span className="wall-phase-detail"> {panel.phase.detail}</span> : null}
        </span>
      </header>
      <div className="wall-score">
        <span className="wall-scoreline">{panel.score}</span>
        {panel.qualifier ? <span className="wall-score-qualifier">{panel.qualifier}</span> : null}
        {panel.phase.kind === 'live' ? <span className="wall-clock">{panel.clock}</span> : null}
      </div>
      <div className="wall-market-row">
        <p className="wall-market">{panel.marketName || (panel.phase.kind === 'fulltime' ? 'No offers recorded' : 'Waiting for offers')}</p>
        <ChartLegend offers={panel.ascending} dark={dark} />
      </div>
      <figure className="chart-figure wall-chart-figure">
        <figcaption className="sr-only">{`Odds of ${panel.marketName || 'the market'} for ${title}`}</figcaption>
        <div ref={chart} className="wall-chart" />
        <ChartCredit />
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
      <footer className="wall-panel-foot">
        <span className={`wall-connection wall-${panel.level}${connection.loud ? ' wall-loud' : ''}`} role="status" title={connection.text}>
          <span className="wall-dot" aria-hidden="true" />
          <span className={connection.loud ? '' : 'sr-only'}>{connection.text}</span>
        </span>
        <span className="wall-updated">{panel.updated}</span>
      </footer>
    </section>
  );
}
