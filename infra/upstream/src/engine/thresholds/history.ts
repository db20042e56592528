/** One offer of a market as the relative thresholds look back on it. */
export interface PricePoint {
  /** Feed clock (the source's sent_at) in ms. */
  feedMs: number;
  /** Match clock in seconds; 0 before kick-off. */
  gameS: number;
  odds: Record<string, number>;
  /** Line of the offer (dynamic-line markets); null or absent for fixed-line markets. */
  line?: number | null;
  /** Goals scored in the match when the offer was made (0 before kick-off). */
  goals?: number;
  /** Made before kick-off. */
  prematch?: boolean;
}

/** Enough for a whole match at one offer every few seconds; older points go first. */
const MAX_POINTS = 5000;

/** Points belong to one stretch of prices when they have the same line and the same goals. */
const sameStretch = (a: PricePoint, b: PricePoint) => (a.line ?? null) === (b.line ?? null) && (a.goals ?? 0) === (b.goals ?? 0);

/**
 * The offers of one market of a match, ordered by feed time, that relative thresholds measure
 * against. The first point ever seen is kept apart as the opening price (START's clock before
 * kick-off) even when old points are dropped.
 */
export class MarketHistory {
  readonly points: PricePoint[] = [];
  opening: PricePoint | null = null;

  add(point: PricePoint): void {
    if (!this.opening || point.feedMs < this.opening.feedMs) this.opening = point;
    // Out-of-order points go to their place, so windows stay ordered by feed time.
    let at = this.points.length;
    while (at > 0 && this.points[at - 1]!.feedMs > point.feedMs) at -= 1;
    this.points.splice(at, 0, point);
    if (this.points.length > MAX_POINTS) this.points.splice(0, this.points.length - MAX_POINTS);
  }

  /**
   * The points a relative threshold may compare `current` with, newest first: those not after it,
   * back to the last goal or line switch (a point of another line or another score ends the stretch).
   */
  *stretch(current: PricePoint): Generator<PricePoint> {
    for (let i = this.points.length - 1; i >= 0; i -= 1) {
      const point = this.points[i]!;
      if (point.feedMs > current.feedMs) continue;
      if (!sameStretch(point, current)) return;
      yield point;
    }
  }
}
