/** One offer of a market as the relative thresholds look back on it. */
export interface PricePoint {
  /** Feed clock (the source's sent_at) in ms. */
  feedMs: number;
  /** Match clock in seconds; 0 before kick-off. */
  gameS: number;
  odds: Record<string, number>;
}

/** Enough for a whole match at one offer every few seconds; older points go first. */
const MAX_POINTS = 5000;

/**
 * The offers of one market of a match, ordered by feed time, that relative thresholds measure
 * against. The first point ever seen is kept apart as the opening price (START basis) even when
 * old points are dropped.
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
}
