import './ChartLegend.css';

/**
 * The chart library's attribution, which its licence (Apache 2.0 with TradingView's NOTICE) asks
 * for on the page with a link to tradingview.com: here, under the chart, instead of the library's
 * logo drawn over the plot, where it covered the odds lines.
 */
export function ChartCredit() {
  return (
    <p className="chart-credit">
      Chart:{' '}
      <a href="https://www.tradingview.com/" target="_blank" rel="noreferrer">
        TradingView Lightweight Charts™
      </a>{' '}
      · Copyright (c) 2025 TradingView, Inc.
    </p>
  );
}
