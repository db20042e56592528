import type { Offer } from '@odds/protocol';
import { useCallback, useMemo, useRef, useState } from 'react';
import { TabTitle } from '../../../components/match/TabTitle';
import { useLiveList } from '../../../components/table/useLiveList';
import { useMatchPage } from '../../../live/matchPage';
import { useTopicRows } from '../../../live/useTopicRows';
import { WhyTable } from '../why/WhyTable';
import { goalMarks, minuteLabel, outcomeKeys, withFeedGoals, withOutline } from '../../../components/chart/chartData';
import { scoreLabel } from '../../../components/chart/goalTriangles';
import { GraphToolbar } from './GraphToolbar';
import { offerColumns } from './offerColumns';
import { useBanner } from './useBanner';
import { ChartLegend } from '../../../components/chart/ChartLegend';
import { ChartCredit } from '../../../components/chart/ChartCredit';
import { useFeedGoals } from './useFeedGoals';
import { useOddsChart } from '../../../components/chart/useOddsChart';

/**
 * Graph tab (SPEC §2): the chosen market's odds per outcome against match minutes, goals marked,
 * over its offers table. Running streams new offers in as the relay pushes them; Stopped holds
 * what is shown. Show Creative embeds the market's banner in a sandboxed frame.
 */
export default function GraphTab() {
  const { live, matchId, marketId, markets } = useMatchPage();
  const [running, setRunning] = useState(true);
  const [creative, setCreative] = useState(false);
  const keep = useCallback((row: Offer) => row.market_id === marketId, [marketId]);
  const { rows, ready } = useTopicRows(live, 'offers', keep);
  // Stopped: the chart and table keep the offers they had (the live state goes on underneath).
  const held = useRef(rows);
  if (running || held.current.length === 0 || held.current[0]?.market_id !== marketId) held.current = rows;
  const offers = held.current;
  const ascending = useMemo(() => [...offers].reverse(), [offers]);
  const keys = useMemo(() => outcomeKeys(ascending), [ascending]);
  // The chart draws the whole match: the older offers' outline (the snapshot carries the newest offers only) and the rows.
  const outline = live?.state.topics.offers.outline;
  const charted = useMemo(() => withOutline(ascending, outline ?? [], marketId), [ascending, outline, marketId]);
  // Extra time's goals come with no offer (markets settle at full time): the feed's goal events add them.
  const feedGoals = useFeedGoals(matchId);
  const goals = useMemo(() => withFeedGoals(goalMarks(charted), feedGoals), [charted, feedGoals]);
  const chart = useOddsChart(charted, marketId, undefined, feedGoals);
  const list = useLiveList(offers, { defaultSort: '-id', sortFields: ['id', 'match_time', 'score', 'status'], ready, reload: () => live?.refresh() });
  const banner = useBanner(matchId, marketId, creative, offers[0]?.id);
  const marketName = markets.find((m) => m.id === marketId)?.name ?? '';

  return (
    <section aria-labelledby="graph-title" className="live-tab">
      <TabTitle id="graph-title" tab="graph" />
      <GraphToolbar
        running={running}
        creative={creative}
        noMarket={marketId === null}
        marketName={marketName}
        onRunning={() => setRunning((r) => !r)}
        onCreative={() => setCreative((c) => !c)}
      />
      <figure className="chart-figure">
        <figcaption className="sr-only">
          {`Odds of ${marketName || 'the market'} per outcome against match minutes; the offers table below lists them. `}
          {goals.length === 0
            ? 'No goals yet.'
            : `Goals, marked by red triangles: ${goals.map((g) => `${scoreLabel(g.score)} at ${minuteLabel(g.time)}`).join(', ')}.`}
        </figcaption>
        <div ref={chart} className="odds-chart" />
        <ChartLegend offers={charted} />
        <ChartCredit />
      </figure>
      {creative && (
        <div className="creative">
          {banner.error ? (
            <p role="alert">{banner.error}</p>
          ) : (
            <iframe title={`Creative for ${marketName}`} sandbox="" srcDoc={banner.html ?? ''} className="creative-frame" />
          )}
        </div>
      )}
      <p className="hint">Click an offer, or press Enter on it, to see why it did or did not fire.</p>
      <WhyTable
        live={live}
        matchId={matchId}
        list={list}
        columns={offerColumns(keys)}
        label="Offers"
        emptyMessage={marketId === null ? 'Choose a market' : 'No offers yet'}
        older={marketId === null ? null : { topic: 'offers', marketId, label: 'offers' }}
      />
    </section>
  );
}
