import type { ContactLimiter, SuppressionReason } from '@odds/protocol';

/** A contact's limits (SPEC §3): they apply only when `rateLimited` is on. */
export interface LimitedContact {
  id: number;
  rateLimited: boolean;
  rateLimitMinutes: number | null;
  limiter: ContactLimiter;
  /** A compliance daily cap (compliance/daily-cap.ts): its pushes span matches too. */
  dailyCap?: number | null;
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

/** A push in a contact's push times: the offer it pushed (`matchId:sourceId`: a push counts once) and its feed time. */
export interface PushTime {
  offer: string;
  feedMs: number;
}

/** The key of a pushed offer in push times: its match and the offer's source id (unique in the match). */
export const pushedOffer = (matchId: number, sourceId: string) => `${matchId}:${sourceId}`;

/** A contact's pushes in every match: which offers, and their feed times sorted ascending (two pushes may share one). */
interface PushTimes {
  offers: Set<string>;
  times: number[];
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

/** Index of the first element of the sorted `times` that is >= `value`. */
function lowerBound(times: readonly number[], value: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Rate limits of contacts, counted in pushes (a firing delivered to a contact counts once, whatever
 * the number of its languages); suppressed attempts do not count. Scopes, checked in this order:
 * - RATE_LIMIT_MINUTES: no other push of the contact, in any match (a customer is one person,
 *   whichever match the offer is about), lies within rate_limit_minutes of this push's feed time,
 *   before or after it: every push is compared, not only the latest, so pushes ingested out of
 *   feed-time order (two matches with some lag, a backfill, a replay at speed 0) keep the limit;
 * - MAX_MATCH: max_match_push pushes per match, all markets;
 * - MAX_MARKET_MATCH: max_market_match_push pushes per market per match;
 * - PERIOD_CAP: period_push_p{N} pushes in period N of the match, all markets;
 * - MARKET_PERIOD_CAP: market_push_p{N} pushes per market in period N.
 * A null or absent cap is no limit; 0 forbids. State is in memory, filled from the deliveries
 * table by the engine's cache (`seed`, `seedPushTimes`), so it survives restarts. The push times
 * span matches that other workers own: each contact's times carry the version of its row in
 * `contact_push_ledger` they were read at (push-ledger.ts checks it under a row lock at commit).
 */
export class RateLimiter {
  /** Each contact's pushes (every match). */
  private readonly pushTimes = new Map<number, PushTimes>();
  /** Ledger version each contact's push times are current with. */
  private readonly versions = new Map<number, number>();
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

  /** The contact's push nearest in feed time to `feedMs`, or undefined when it has none. */
  private nearestPush(contactId: number, feedMs: number): number | undefined {
    const times = this.pushTimes.get(contactId)?.times;
    if (!times?.length) return undefined;
    const at = lowerBound(times, feedMs);
    const after = times[at];
    const before = at > 0 ? times[at - 1] : undefined;
    if (before === undefined) return after;
    if (after === undefined) return before;
    return feedMs - before <= after - feedMs ? before : after;
  }

  /** Why the contact may not receive this push, or null when it may. */
  check(contact: LimitedContact, push: Omit<Push, 'contactId'>): Refusal | null {
    if (!contact.rateLimited) return null;
    const minutes = contact.rateLimitMinutes ?? 0;
    const nearest = minutes > 0 ? this.nearestPush(contact.id, push.feedMs) : undefined;
    if (nearest !== undefined && Math.abs(push.feedMs - nearest) < minutes * 60_000) {
      const gap = Math.floor(Math.abs(push.feedMs - nearest) / 60_000);
      const when = nearest <= push.feedMs ? `${gap} min before` : `${gap} min after`;
      return { reason: 'RATE_LIMIT_MINUTES', detail: `another push ${when} this one; at most one every ${minutes} min` };
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
        [
          'MARKET_PERIOD_CAP',
          capOf(limiter[`market_push_p${p}`]),
          counts.byMarketPeriod.get(`${push.marketId}:p${p}`) ?? 0,
          `pushes per market in period ${p}`,
        ],
      );
    }
    for (const [reason, cap, used, what] of checks) {
      if (cap !== null && used >= cap) return { reason, detail: `max ${cap} ${what} reached (${used} sent)` };
    }
    return null;
  }

  /** The contact's pushes (every match) with a feed time in [fromMs, toMs): a daily cap's count. */
  pushesBetween(contactId: number, fromMs: number, toMs: number): number {
    const times = this.pushTimes.get(contactId)?.times;
    return times ? lowerBound(times, toMs) - lowerBound(times, fromMs) : 0;
  }

  /** Counts a push that went out: of the offer `offer` (`matchId:sourceId`). */
  record(push: Push, offer: string): void {
    this.addPushTime(push.contactId, { offer, feedMs: push.feedMs });
    this.seed(push, 1);
  }

  /** Counts `n` pushes already made in the match (loaded from the deliveries table); times come from `seedPushTimes`. */
  seed(push: Push, n: number): void {
    const counts = this.countsOf(push.contactId, push.matchId);
    counts.total += n;
    bump(counts.byMarket, push.marketId, n);
    if (push.period > 0) {
      bump(counts.byPeriod, push.period, n);
      bump(counts.byMarketPeriod, `${push.marketId}:p${push.period}`, n);
    }
  }

  /** Adds a push to the contact's times, once per offer (two offers at one feed time are two pushes). */
  private addPushTime(contactId: number, push: PushTime): void {
    let pushes = this.pushTimes.get(contactId);
    if (!pushes) {
      pushes = { offers: new Set(), times: [] };
      this.pushTimes.set(contactId, pushes);
    }
    if (pushes.offers.has(push.offer)) return;
    pushes.offers.add(push.offer);
    pushes.times.splice(lowerBound(pushes.times, push.feedMs), 0, push.feedMs);
  }

  /** Replaces a contact's push times (every match) with those read at ledger `version`. */
  seedPushTimes(contactId: number, pushes: readonly PushTime[], version: number): void {
    this.pushTimes.delete(contactId);
    for (const push of pushes) this.addPushTime(contactId, push);
    this.versions.set(contactId, version);
  }

  /** Ledger version the contact's push times are current with (-1: never read). */
  versionOf(contactId: number): number {
    return this.versions.get(contactId) ?? -1;
  }

  /**
   * A batch decided at ledger version `from` committed its pushes and moved the
   * contact's row to `to`. Its times go (back) into memory: a re-read of the contact's pushes while
   * the batch was uncommitted replaced them. The cache is current with `to` only if it still stands
   * at `from` (the row lock made this batch the only move from `from` to `to`); else it is left
   * at whatever it was, and the next refresh reads the pushes again.
   */
  committed(contactId: number, from: number, to: number, pushes: readonly PushTime[]): void {
    for (const push of pushes) this.addPushTime(contactId, push);
    if (this.versionOf(contactId) === from) this.versions.set(contactId, to);
  }

  /** Marks the contacts' push times as to be read again (a batch that pushed to them was undone). */
  invalidate(contactIds: readonly number[]): void {
    for (const id of contactIds) this.versions.delete(id);
  }

  /** Forgets a match's counts (its feed was reset, or its state must be reloaded). */
  forgetMatch(matchId: number): void {
    for (const key of this.counts.keys()) if (key.endsWith(`:${matchId}`)) this.counts.delete(key);
  }

  /** Forgets everything (to reload from the deliveries table). */
  clear(): void {
    this.pushTimes.clear();
    this.versions.clear();
    this.counts.clear();
  }
}
