/**
 * A token bucket: up to `capacity` requests at once, refilled at `perSecond`. One per connection
 * and kind of request, so a misbehaving client slows only itself.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = capacity;
    this.updatedAt = now();
  }

  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Refilled to capacity: forgetting this bucket changes nothing. */
  full(): boolean {
    return this.tokens + ((this.now() - this.updatedAt) / 1000) * this.perSecond >= this.capacity;
  }
}

export interface RateLimits {
  /** watch and unwatch together: a wall screen may open a dozen matches at once. */
  watch: { capacity: number; perSecond: number };
  /** resync: a client with a gap asks once per topic. */
  resync: { capacity: number; perSecond: number };
  /** editing: a form turning dirty and clean again as the operator types and saves. */
  editing?: { capacity: number; perSecond: number };
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  watch: { capacity: 20, perSecond: 2 },
  resync: { capacity: 30, perSecond: 5 },
  editing: { capacity: 20, perSecond: 4 },
};

export const RATE_LIMITED = 'Too many requests: wait a moment and try again';
