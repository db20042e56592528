import type { ContactLimiter, SuppressionReason } from '@odds/protocol';

/** A contact's limits (SPEC §3): they apply only when `rateLimited` is on. */
export interface LimitedContact {
  id: number;
  rateLimited: boolean;
  rateLimitMinutes: number | null;
  limiter: ContactLimiter;
}

/** One push: a firing delivered to one contact (in however many of its languages). */
export interface Push {
  contactId: number;
  matchId: number;
  marketId: number;
  /** Match period, 0 before kick-off (per-period caps do not apply then). */
  period: number;
  /** Feed time in ms. */
  feedMs: number;
}

export interface Refusal {
  reason: SuppressionReason;
  detail: string;
}

type PeriodKey = `${number}:p${number}`;

/** Pushes of one contact in one match, by scope. */
interface MatchCounts {
  total: number;
  byMarket: Map<number, number>;
  byPeriod: Map<number, number>;
  byMarketPeriod: Map<PeriodKey, number>;
}

const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
const capOf = (value: number | null | undefined): number | null => (value === null || value === undefined ? null : value);

/**
 * Rate limits of contacts, counted in pushes (a firing delivered to a contact counts once, whatever
 * the number of its languages); suppressed attempts do not count. Scopes, checked in this order:
 * - RATE_LIMIT_MINUTES: at least rate_limit_minutes of feed time since the contact's last push,
 *   in any match (a customer is one person, whichever match the offer is about);
 * - MAX_MATCH: max_match_push pushes per match, all markets;
 * - MAX_MARKET_MATCH: max_market_match_push pushes per market per match;
 * - PERIOD_CAP: period_push_p{N} pushes in period N of the match, all markets;
 * - MARKET_PERIOD_CAP: market_push_p{N} pushes per market in period N.
 * A null or absent cap is no limit; 0 forbids. State is in memory, filled from the deliveries
 * table by the engine's cache (`seed`), so it survives restarts.
 */
export class RateLimiter {
  private readonly lastPush = new Map<number, number>();
  private readonly counts = new Map<string, MatchCounts>();

  private countsOf(contactId: number, matchId: number): MatchCounts {
    const key = `${contactId}:${matchId}`;
    let counts = this.counts.get(key);
    if (!counts) {
      counts = { total: 0, byMarket: new Map(), byPeriod: new Map(), byMarketPeriod: new Map() };
      this.counts.set(key, counts);
    }
    return counts;
  }

  /** Why the contact may not receive this push, or null when it may. */
  check(contact: LimitedContact, push: Omit<Push, 'contactId'>): Refusal | null {
    if (!contact.rateLimited) return null;
    const minutes = contact.rateLimitMinutes ?? 0;
    const last = this.lastPush.get(contact.id);
    if (minutes > 0 && last !== undefined && Math.abs(push.feedMs - last) < minutes * 60_000) {
      const ago = Math.floor(Math.abs(push.feedMs - last) / 60_000);
      return { reason: 'RATE_LIMIT_MINUTES', detail: `last push ${ago} min ago; at most one every ${minutes} min` };
    }
    const limiter = contact.limiter;
    const counts = this.countsOf(contact.id, push.matchId);
    const checks: [SuppressionReason, number | null, number, string][] = [
      ['MAX_MATCH', capOf(limiter.max_match_push), counts.total, 'pushes per match'],
      ['MAX_MARKET_MATCH', capOf(limiter.max_market_match_push), counts.byMarket.get(push.marketId) ?? 0, 'pushes per market per match'],
    ];
    if (push.period >= 1 && push.period <= 4) {
      const p = push.period as 1 | 2 | 3 | 4;
      checks.push(
        ['PERIOD_CAP', capOf(limiter[`period_push_p${p}`]), counts.byPeriod.get(p) ?? 0, `pushes in period ${p}`],
        ['MARKET_PERIOD_CAP', capOf(limiter[`market_push_p${p}`]), counts.byMarketPeriod.get(`${push.marketId}:p${p}`) ?? 0, `pushes per market in period ${p}`],
      );
    }
    for (const [reason, cap, used, what] of checks) {
      if (cap !== null && used >= cap) return { reason, detail: `max ${cap} ${what} reached (${used} sent)` };
    }
    return null;
  }

  /** Counts a push that went out. */
  record(push: Push): void {
    this.seed(push, 1);
  }

  /** Counts `n` pushes already made (loaded from the deliveries table). */
  seed(push: Push, n: number): void {
    const last = this.lastPush.get(push.contactId);
    if (last === undefined || push.feedMs > last) this.lastPush.set(push.contactId, push.feedMs);
    const counts = this.countsOf(push.contactId, push.matchId);
    counts.total += n;
    bump(counts.byMarket, push.marketId, n);
    if (push.period > 0) {
      bump(counts.byPeriod, push.period, n);
      bump(counts.byMarketPeriod, `${push.marketId}:p${push.period}`, n);
    }
  }

  /** Only the contact's last push time (from pushes in other matches). */
  seedLastPush(contactId: number, feedMs: number): void {
    const last = this.lastPush.get(contactId);
    if (last === undefined || feedMs > last) this.lastPush.set(contactId, feedMs);
  }

  /** Forgets a match's counts (its feed was reset, or its state must be reloaded). */
  forgetMatch(matchId: number): void {
    for (const key of this.counts.keys()) if (key.endsWith(`:${matchId}`)) this.counts.delete(key);
  }

  /** Forgets everything (to reload from the deliveries table). */
  clear(): void {
    this.lastPush.clear();
    this.counts.clear();
  }
}
