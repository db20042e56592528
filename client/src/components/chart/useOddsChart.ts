import { CHART_MINUTES, type OfferPoint } from '@odds/protocol';
import {
  createChart,
  LineSeries,
  PriceScaleMode,
  type AutoscaleInfo,
  type IChartApi,
  type ISeriesApi,
  type LineSeriesPartialOptions,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { axisTimes, fromOdds, goalMarks, minuteLabel, offerTime, outcomeKeys, outcomeSeries, withFeedGoals, type GoalMark } from './chartData';
import { seriesColor } from './ChartLegend';
import { GOAL_COLOR, GoalTriangles } from './goalTriangles';
import { MinuteAxis } from './minuteAxis';
const t = (time: number) => time as UTCTimestamp;

const NO_GOALS: readonly GoalMark[] = [];

/**
 * The price axis fitted to the lines shown: decimal odds are never below 1, so the axis stops at
 * 1.00 under the lowest line (a log scale's bottom margin took it down to 0.80) and just above the highest.
 */
const fitOdds: LineSeriesPartialOptions['autoscaleInfoProvider'] = (original: () => AutoscaleInfo | null) => {
  const info = original();
  if (!info?.priceRange) return info;
  const { minValue, maxValue } = info.priceRange;
  return { ...info, priceRange: { minValue: Math.max(1, minValue / 1.03), maxValue: maxValue * 1.03 } };
};

const canDraw = () => {
  try {
    return !!document.createElement('canvas').getContext('2d');
  } catch {
    return false;
  }
};

interface Drawn {
  market: number | null;
  keys: string;
  lastId: number;
  lastTime: number;
  count: number;
}

/** The goal triangles, and the series they are drawn on (the first outcome's, once there is one). */
interface GoalsOn {
  triangles: GoalTriangles;
  on: ISeriesApi<'Line'> | null;
}

export interface OddsChartOptions {
  dark?: boolean;
  height?: number;
}

/**
 * A lightweight-charts line chart of a market's offers: one series per outcome, x the match minute
 * (time = minute × 60, labelled 45'), 0 to 100 minutes (further for stoppage and extra time), goals as red triangles
 * (goalTriangles.ts): the offers' and the feed's (`feedGoals`: extra time's come with no offer). New offers stream in
 * with series.update(); anything else (another market, a refresh, an offer out of time order)
 * redraws with setData. The chart and its series hang on the container as `oddsChart` so a
 * browser test can time an update.
 */
export function useOddsChart(
  offers: readonly OfferPoint[],
  marketId: number | null,
  options: OddsChartOptions = {},
  feedGoals: readonly GoalMark[] = NO_GOALS,
) {
  const container = useRef<HTMLDivElement | null>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef(new Map<string, ISeriesApi<'Line'>>());
  const goals = useRef<GoalsOn | null>(null);
  const drawn = useRef<Drawn | null>(null);
  const axis = useRef<MinuteAxis | null>(null);
  const axisLine = useRef<{ series: ISeriesApi<'Line'>; lastMinute: number } | null>(null);
  const { dark = false, height = 320 } = options;

  useEffect(() => {
    const el = container.current;
    // No 2D canvas (a DOM without one, as in component tests): the table still shows the offers.
    if (!el || !canDraw()) return;
    const made = startChart(el, dark, height);
    // The chart could not start here; the table still shows the offers.
    if (!made) return;
    const { axisSeries, minutes } = addMinuteAxis(made, dark);
    axisLine.current = { series: axisSeries, lastMinute: CHART_MINUTES.max };
    axis.current = minutes;
    // A resize (a wall gaining a panel) keeps the bar spacing: fit the whole match in again.
    const refit = () => made.timeScale().fitContent();
    made.timeScale().subscribeSizeChange(refit);
    chart.current = made;
    goals.current = {
      triangles: new GoalTriangles({ size: dark ? 18 : 12, color: dark ? '#f87171' : GOAL_COLOR, font: `600 ${dark ? 15 : 11}px system-ui, sans-serif` }),
      on: null,
    };
    (el as HTMLDivElement & { oddsChart?: unknown }).oddsChart = { chart: made, series: series.current };
    return () => {
      made.timeScale().unsubscribeSizeChange(refit);
      made.remove();
      chart.current = null;
      series.current.clear();
      goals.current = null;
      drawn.current = null;
      axis.current = null;
      axisLine.current = null;
    };
  }, [dark, height]);

  useEffect(() => {
    const made = chart.current;
    if (!made) return;
    const keys = outcomeKeys(offers);
    const last = drawn.current;
    const fresh = offers.filter((offer) => !last || offer.id > last.lastId).sort((a, b) => a.id - b.id);
    // Appending needs time order: first-half stoppage (45+3) runs past the second half's 45:00.
    const inOrder = fresh.every((offer, i) => offerTime(offer) >= (i ? offerTime(fresh[i - 1]!) : (last?.lastTime ?? 0)));
    const appendable = last && last.market === marketId && last.keys === keys.join() && last.count + fresh.length === offers.length && inOrder;
    drawn.current = appendable
      ? appendOffers(series.current, last, fresh, offers.length)
      : redrawOffers(made, { series: series.current, goals: goals.current }, offers, keys, { marketId, dark });
    const marks = withFeedGoals(goalMarks([...offers].sort((a, b) => a.id - b.id)), feedGoals);
    const lastMinute = Math.max(CHART_MINUTES.max, Math.ceil((drawn.current?.lastTime ?? 0) / 60), ...marks.map((goal) => Math.ceil(goal.time / 60) + 1));
    // Goals past the offers (extra time) need their minutes on the whitespace axis to be placed.
    const whitespace = axisLine.current;
    if (whitespace && lastMinute > whitespace.lastMinute) {
      whitespace.series.setData(axisTimes(lastMinute).map((time) => ({ time: t(time) })));
      whitespace.lastMinute = lastMinute;
    }
    // Index-spaced axis: show all of it (0 to 100 minutes and any stoppage or extra time) in the width.
    made.timeScale().fitContent();
    axis.current?.setLastMinute(lastMinute);
    goals.current?.triangles.setGoals(marks);
  }, [offers, marketId, dark, feedGoals]);

  return container;
}

/** A chart in the container, themed (dark: the wall) and with the minute axis's layout; null where lightweight-charts cannot start. */
function startChart(el: HTMLDivElement, dark: boolean, height: number): IChartApi | null {
  try {
    return createChart(el, {
      autoSize: true,
      height,
      // No logo over the plot (it covered the lines): ChartCredit under the chart gives the attribution and link.
      layout: {
        background: { color: dark ? '#0b1220' : '#ffffff' },
        textColor: dark ? '#e5e7eb' : '#1f2937',
        fontSize: dark ? 16 : 12,
        attributionLogo: false,
      },
      // Vertical grid and x labels come from MinuteAxis (regular 15-minute steps), not the chart's own.
      grid: { vertLines: { visible: false }, horzLines: { color: dark ? '#1f2937' : '#eef0f3' } },
      timeScale: { tickMarkFormatter: () => '', fixLeftEdge: true },
      localization: { timeFormatter: (time: Time) => minuteLabel(time as number) },
      // Odds run from 1.01 to hundreds late in a match: a log scale keeps every line readable.
      // The top margin keeps the lines clear of the goal triangles drawn along the pane's top.
      // No bottom margin: fitOdds leaves the room under the lowest line, and never below 1.00.
      rightPriceScale: { mode: PriceScaleMode.Logarithmic, scaleMargins: { top: 0.14, bottom: 0 }, entireTextOnly: true },
      handleScroll: false,
      handleScale: false,
    });
  } catch {
    return null;
  }
}

/**
 * Whitespace from 0 to 100 minutes keeps the axis there whatever the data (SPEC §9). It draws
 * no line and carries the x labels (MinuteAxis), so they are there before the first offer.
 */
function addMinuteAxis(made: IChartApi, dark: boolean) {
  const axisSeries = made.addSeries(LineSeries, {
    lineVisible: false,
    pointMarkersVisible: false,
    lastValueVisible: false,
    priceLineVisible: false,
    crosshairMarkerVisible: false,
  });
  axisSeries.setData(axisTimes().map((time) => ({ time: t(time) })));
  const minutes = new MinuteAxis({
    color: dark ? '#e5e7eb' : '#1f2937',
    grid: dark ? '#1f2937' : '#eef0f3',
    font: `${dark ? 16 : 12}px system-ui, sans-serif`,
  });
  axisSeries.attachPrimitive(minutes);
  return { axisSeries, minutes };
}

/** New offers in time order streamed onto the lines drawn (series.update()): what is drawn then. */
function appendOffers(series: Map<string, ISeriesApi<'Line'>>, last: Drawn, fresh: readonly OfferPoint[], count: number): Drawn {
  let lastTime = last.lastTime;
  for (const offer of fresh) {
    const time = offerTime(offer);
    for (const [key, odds] of Object.entries(offer.outcome_map)) series.get(key)?.update({ time: t(time), value: fromOdds(odds) });
    lastTime = Math.max(lastTime, time);
  }
  return { ...last, lastId: Math.max(last.lastId, ...fresh.map((o) => o.id)), lastTime, count };
}

/** Every line drawn again (setData), one per outcome, the goal triangles on the first: what is drawn then. */
function redrawOffers(
  made: IChartApi,
  on: { series: Map<string, ISeriesApi<'Line'>>; goals: GoalsOn | null },
  offers: readonly OfferPoint[],
  keys: string[],
  { marketId, dark }: { marketId: number | null; dark: boolean },
): Drawn {
  const { series, goals: marks } = on;
  if (marks?.on) marks.on.detachPrimitive(marks.triangles);
  if (marks) marks.on = null;
  for (const line of series.values()) made.removeSeries(line);
  series.clear();
  const lines = outcomeSeries(offers, keys);
  keys.forEach((key, i) => {
    // No price tags or titles on the axis (they covered its labels): ChartLegend names the lines.
    const line = made.addSeries(LineSeries, {
      color: seriesColor(i, dark),
      lineWidth: dark ? 3 : 2,
      lastValueVisible: false,
      priceLineVisible: false,
      autoscaleInfoProvider: fitOdds,
    });
    line.setData(lines[key]!.map((p) => ({ time: t(p.time), value: p.value })));
    series.set(key, line);
  });
  const first = series.values().next().value;
  if (first && marks) {
    first.attachPrimitive(marks.triangles);
    marks.on = first;
  }
  return {
    market: marketId,
    keys: keys.join(),
    lastId: offers.reduce((max, o) => Math.max(max, o.id), 0),
    lastTime: offers.reduce((max, o) => Math.max(max, offerTime(o)), 0),
    count: offers.length,
  };
}
