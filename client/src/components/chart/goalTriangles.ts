import { parseScoreNode } from '@odds/protocol';
import type { IPrimitivePaneRenderer, IPrimitivePaneView, ISeriesPrimitive, SeriesAttachedParameter, Time, UTCTimestamp } from 'lightweight-charts';
import type { GoalMark } from './chartData';
import { placeLabels, rowHeight } from './goalLabels';

export interface Point {
  x: number;
  y: number;
}

export interface GoalTriangleStyle {
  /** Width of a triangle's base in CSS pixels; its height is the equilateral height. */
  size: number;
  color: string;
  /** Font of the score written beside each triangle, e.g. '600 11px system-ui'. */
  font: string;
}

export interface GoalTriangle {
  /** The triangle's tip, which points down at the goal minute. */
  tip: Point;
  points: [Point, Point, Point];
  label: string;
}

/** Red of a goal (SPEC §2: goals as red triangle markers). */
export const GOAL_COLOR = '#dc2626';

/** Gap between the pane's top edge and the triangles' bases. */
export const TOP_GAP = 3;

/** The score a goal made, as people write it: H2-A1 is '2-1'. */
export function scoreLabel(node: string): string {
  const score = parseScoreNode(node);
  return score ? `${score.home}-${score.away}` : node;
}

/** A filled triangle pointing down: its base on `top`, centred on x, its tip below. */
export function downTriangle(x: number, top: number, size: number): [Point, Point, Point] {
  const half = size / 2;
  const height = Math.round(size * 0.866);
  return [
    { x: x - half, y: top },
    { x: x + half, y: top },
    { x, y: top + height },
  ];
}

/**
 * Where the goal triangles go in a pane `width` wide: one per goal whose minute is on the time
 * scale (x not null), at the top of the pane, kept whole inside it (a goal at an edge is nudged in).
 */
export function layoutTriangles(goals: readonly { x: number | null; score: string }[], width: number, size: number): GoalTriangle[] {
  const half = size / 2;
  if (width < size + 2) return [];
  return goals.flatMap((goal) => {
    if (goal.x === null || !Number.isFinite(goal.x) || goal.x < -half || goal.x > width + half) return [];
    const x = Math.min(Math.max(goal.x, half + 1), width - half - 1);
    const points = downTriangle(x, TOP_GAP, size);
    return [{ tip: points[2], points, label: scoreLabel(goal.score) }];
  });
}

/** Draws the triangles (and a faint guide down from each tip to the lines) in CSS pixels. */
class GoalTrianglesRenderer implements IPrimitivePaneRenderer {
  constructor(
    private readonly goals: readonly { x: number | null; score: string }[],
    private readonly style: GoalTriangleStyle,
  ) {}

  draw(target: Parameters<IPrimitivePaneRenderer['draw']>[0]): void {
    target.useMediaCoordinateSpace(({ context: ctx, mediaSize }) => {
      const triangles = layoutTriangles(this.goals, mediaSize.width, this.style.size);
      ctx.save();
      for (const { tip, points } of triangles) {
        ctx.strokeStyle = this.style.color;
        ctx.globalAlpha = 0.35;
        ctx.lineWidth = 1;
        ctx.setLineDash([3, 3]);
        ctx.beginPath();
        ctx.moveTo(Math.round(tip.x) + 0.5, tip.y);
        ctx.lineTo(Math.round(tip.x) + 0.5, mediaSize.height);
        ctx.stroke();
        ctx.setLineDash([]);
        ctx.globalAlpha = 1;
        ctx.fillStyle = this.style.color;
        ctx.beginPath();
        ctx.moveTo(points[0].x, points[0].y);
        ctx.lineTo(points[1].x, points[1].y);
        ctx.lineTo(points[2].x, points[2].y);
        ctx.closePath();
        ctx.fill();
      }
      ctx.font = this.style.font;
      ctx.textBaseline = 'top';
      ctx.fillStyle = this.style.color;
      // Beside each triangle, on its left where the right edge would cut the score off, and a row
      // lower where another goal's label already stands (goals a minute apart).
      const labels = placeLabels(
        triangles.map(({ points, label }) => ({ left: points[0].x, right: points[1].x, width: ctx.measureText(label).width })),
        mediaSize.width,
      );
      const line = rowHeight(this.style.font);
      for (const [i, { label }] of triangles.entries()) ctx.fillText(label, labels[i]!.x, TOP_GAP + labels[i]!.row * line);
      ctx.restore();
    });
  }
}

class GoalTrianglesView implements IPrimitivePaneView {
  constructor(private readonly source: GoalTriangles) {}
  zOrder() {
    return 'top' as const;
  }
  renderer(): IPrimitivePaneRenderer {
    return new GoalTrianglesRenderer(this.source.placed, this.source.style);
  }
}

/**
 * Goals as red triangles (SPEC §2 Graph): a series primitive drawing a filled triangle at the top
 * of the pane over each goal's minute (chart time = match seconds, minute m at m × 60), pointing
 * down at the lines. lightweight-charts 5's own markers have no triangle (circle, square, arrows).
 */
export class GoalTriangles implements ISeriesPrimitive<Time> {
  placed: { x: number | null; score: string }[] = [];
  private goals: readonly GoalMark[] = [];
  private param: SeriesAttachedParameter<Time> | null = null;
  private readonly views: readonly IPrimitivePaneView[] = [new GoalTrianglesView(this)];

  constructor(readonly style: GoalTriangleStyle) {}

  attached(param: SeriesAttachedParameter<Time>): void {
    this.param = param;
    this.updateAllViews();
  }

  detached(): void {
    this.param = null;
  }

  setGoals(goals: readonly GoalMark[]): void {
    this.goals = goals;
    this.updateAllViews();
    this.param?.requestUpdate();
  }

  /** Called by the chart when the view moves: the goals' x from the time scale. */
  updateAllViews(): void {
    const scale = this.param?.chart.timeScale();
    this.placed = this.goals.map((goal) => ({
      // A goal's time is an offer's, so it is on the scale; else its whole minute (the axis has every minute).
      x: scale ? (scale.timeToCoordinate(goal.time as UTCTimestamp) ?? scale.timeToCoordinate((Math.round(goal.time / 60) * 60) as UTCTimestamp)) : null,
      score: goal.score,
    }));
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.views;
  }
}
