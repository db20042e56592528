import type { IPrimitivePaneRenderer, IPrimitivePaneView, ISeriesPrimitive, SeriesAttachedParameter, Time, UTCTimestamp } from 'lightweight-charts';
import { placeTicks, tickStep, tickText } from './minuteTicks';

export interface MinuteAxisStyle {
  /** Colour of the labels, as the chart's other text. */
  color: string;
  /** Colour of the vertical grid line at each label. */
  grid: string;
  /** Canvas font of the labels, e.g. '12px system-ui'. */
  font: string;
}

type Draw = Parameters<IPrimitivePaneRenderer['draw']>[0];

/**
 * Regular x labels for the odds chart (0′ 15′ 30′ …) and a grid line at each. lightweight-charts
 * picks its own tick marks by calendar weight (5-minute and half-hour marks of the time m × 60), so
 * a match axis came out as 0′ 5′ 10′ 15′ 21′ 30′; the chart's own labels and vertical grid are
 * turned off and this series primitive draws them instead, in the time axis and behind the lines.
 */
export class MinuteAxis implements ISeriesPrimitive<Time> {
  private param: SeriesAttachedParameter<Time> | null = null;
  private lastMinute = 100;
  private readonly axisViews: readonly IPrimitivePaneView[];
  private readonly gridViews: readonly IPrimitivePaneView[];

  constructor(readonly style: MinuteAxisStyle) {
    this.axisViews = [{ renderer: () => ({ draw: (target: Draw) => this.drawLabels(target) }) }];
    this.gridViews = [{ zOrder: () => 'bottom' as const, renderer: () => ({ draw: (target: Draw) => this.drawGrid(target) }) }];
  }

  attached(param: SeriesAttachedParameter<Time>): void {
    this.param = param;
  }

  detached(): void {
    this.param = null;
  }

  /** The axis runs to this minute (100, or further with stoppage and extra time). */
  setLastMinute(minute: number): void {
    if (minute === this.lastMinute) return;
    this.lastMinute = minute;
    this.param?.requestUpdate();
  }

  timeAxisPaneViews(): readonly IPrimitivePaneView[] {
    return this.axisViews;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.gridViews;
  }

  private ticks(ctx: CanvasRenderingContext2D, width: number) {
    const scale = this.param?.chart.timeScale();
    if (!scale) return [];
    const xOf = (minute: number) => scale.timeToCoordinate((minute * 60) as UTCTimestamp);
    const from = xOf(0);
    const to = xOf(this.lastMinute);
    if (from === null || to === null || this.lastMinute <= 0) return [];
    ctx.font = this.style.font;
    const widthOf = (text: string) => ctx.measureText(text).width;
    const step = tickStep((to - from) / this.lastMinute, widthOf(tickText(this.lastMinute)));
    return placeTicks(this.lastMinute, step, xOf, width, widthOf).map((tick) => ({ ...tick, centre: xOf(tick.minute)! }));
  }

  private drawLabels(target: Draw): void {
    target.useMediaCoordinateSpace(({ context: ctx, mediaSize }) => {
      ctx.save();
      ctx.fillStyle = this.style.color;
      ctx.textBaseline = 'middle';
      for (const tick of this.ticks(ctx, mediaSize.width)) ctx.fillText(tick.text, tick.x, mediaSize.height / 2);
      ctx.restore();
    });
  }

  private drawGrid(target: Draw): void {
    target.useMediaCoordinateSpace(({ context: ctx, mediaSize }) => {
      ctx.save();
      ctx.strokeStyle = this.style.grid;
      ctx.lineWidth = 1;
      for (const tick of this.ticks(ctx, mediaSize.width)) {
        const x = Math.round(tick.centre) + 0.5;
        ctx.beginPath();
        ctx.moveTo(x, 0);
        ctx.lineTo(x, mediaSize.height);
        ctx.stroke();
      }
      ctx.restore();
    });
  }
}
