import { describe, expect, it } from 'vitest';
import { RateLimiter, type LimitedContact } from './rate-limit';

const T0 = Date.parse('2022-12-18T15:00:00Z');
const MIN = 60_000;
const contact = (over: Partial<LimitedContact>): LimitedContact => ({ id: 1, rateLimited: true, rateLimitMinutes: null, limiter: {}, ...over });

/** Tries pushes [minute, market, period] in order; a push that passes is recorded. Returns each outcome. */
function attempt(c: LimitedContact, pushes: [number, number, number][], matchId = 7): (string | null)[] {
  const limiter = new RateLimiter();
  return pushes.map(([minute, marketId, period]) => {
    const push = { matchId, marketId, period, feedMs: T0 + minute * MIN };
    const refusal = limiter.check(c, push);
    if (!refusal) limiter.record({ ...push, contactId: c.id }, `${matchId}:m${minute}-${marketId}`);
    return refusal?.reason ?? null;
  });
}

describe('rate limits', () => {
  it('apply only to a rate-limited contact', () => {
    expect(
      attempt(contact({ rateLimited: false, limiter: { max_match_push: 0 } }), [
        [1, 1, 1],
        [2, 1, 1],
      ]),
    ).toEqual([null, null]);
  });

  it('rate_limit_minutes: one push every N minutes of feed time', () => {
    // 10 minutes: 0 passes, 9 is held (9 < 10), 10 passes, 15 held, 20 passes.
    expect(
      attempt(contact({ rateLimitMinutes: 10 }), [
        [0, 1, 1],
        [9, 1, 1],
        [10, 1, 1],
        [15, 1, 1],
        [20, 1, 1],
      ]),
    ).toEqual([null, 'RATE_LIMIT_MINUTES', null, 'RATE_LIMIT_MINUTES', null]);
  });

  it('rate_limit_minutes counts pushes of other matches too', () => {
    const limiter = new RateLimiter();
    const c = contact({ rateLimitMinutes: 10 });
    limiter.record({ contactId: 1, matchId: 8, marketId: 1, period: 1, feedMs: T0 }, `8:${T0}`);
    expect(limiter.check(c, { matchId: 7, marketId: 1, period: 1, feedMs: T0 + 5 * MIN })?.reason).toBe('RATE_LIMIT_MINUTES');
  });

  it('rate_limit_minutes compares every push, not only the latest (out-of-order ingest)', () => {
    // 0 and 30 pass; 5 arrives late: the latest push (30) is 25 min away, but 0 is 5 min away.
    expect(
      attempt(contact({ rateLimitMinutes: 10 }), [
        [0, 1, 1],
        [30, 1, 1],
        [5, 1, 1],
        [15, 1, 1],
        [21, 1, 1],
        [45, 1, 1],
      ]),
    ).toEqual([null, null, 'RATE_LIMIT_MINUTES', null, 'RATE_LIMIT_MINUTES', null]);
  });

  it('rate_limit_minutes holds for a backfill of another match behind the live one', () => {
    const limiter = new RateLimiter();
    const c = contact({ rateLimitMinutes: 10 });
    for (const minute of [0, 20, 40]) limiter.record({ contactId: 1, matchId: 8, marketId: 1, period: 1, feedMs: T0 + minute * MIN }, `8:${T0 + minute * MIN}`);
    const at = (minute: number) => limiter.check(c, { matchId: 7, marketId: 1, period: 1, feedMs: T0 + minute * MIN })?.reason ?? null;
    expect([at(-9), at(-10), at(11), at(10), at(29), at(31), at(50), at(49)]).toEqual([
      'RATE_LIMIT_MINUTES',
      null,
      'RATE_LIMIT_MINUTES',
      null,
      'RATE_LIMIT_MINUTES',
      'RATE_LIMIT_MINUTES',
      null,
      'RATE_LIMIT_MINUTES',
    ]);
    expect(limiter.check(c, { matchId: 7, marketId: 1, period: 1, feedMs: T0 + 38 * MIN })?.detail).toBe(
      'another push 2 min after this one; at most one every 10 min',
    );
  });

  it('push times read from the ledger replace what was in memory, with their version', () => {
    const limiter = new RateLimiter();
    const c = contact({ rateLimitMinutes: 10 });
    limiter.record({ contactId: 1, matchId: 8, marketId: 1, period: 1, feedMs: T0 }, `8:${T0}`);
    expect(limiter.versionOf(1)).toBe(-1);
    limiter.seedPushTimes(1, [{ offer: '9:a', feedMs: T0 + 60 * MIN }], 3);
    expect(limiter.versionOf(1)).toBe(3);
    expect(limiter.check(c, { matchId: 7, marketId: 1, period: 1, feedMs: T0 })).toBeNull();
    expect(limiter.check(c, { matchId: 7, marketId: 1, period: 1, feedMs: T0 + 55 * MIN })?.reason).toBe('RATE_LIMIT_MINUTES');
    limiter.invalidate([1]);
    expect(limiter.versionOf(1)).toBe(-1);
  });

  it('counts two offers pushed at one feed time as two pushes, and one offer once however often it is added', () => {
    const limiter = new RateLimiter();
    const day = [T0 - 15 * 3600_000, T0 + 9 * 3600_000] as const;
    limiter.seedPushTimes(1, [{ offer: '8:a', feedMs: T0 }], 1);
    limiter.record({ contactId: 1, matchId: 9, marketId: 1, period: 1, feedMs: T0 }, '9:b');
    expect(limiter.pushesBetween(1, ...day)).toBe(2);
    // The batch that recorded 9:b commits: its push goes back in, once.
    limiter.committed(1, 1, 2, [{ offer: '9:b', feedMs: T0 }]);
    limiter.seedPushTimes(
      1,
      [
        { offer: '8:a', feedMs: T0 },
        { offer: '9:b', feedMs: T0 },
      ],
      2,
    );
    limiter.committed(1, 1, 2, [{ offer: '9:b', feedMs: T0 }]);
    expect(limiter.pushesBetween(1, ...day)).toBe(2);
    expect(limiter.versionOf(1)).toBe(2);
  });

  it('max_match_push: pushes per match, all markets', () => {
    expect(
      attempt(contact({ limiter: { max_match_push: 2 } }), [
        [1, 1, 1],
        [2, 2, 1],
        [3, 3, 2],
      ]),
    ).toEqual([null, null, 'MAX_MATCH']);
    // Another match has its own count.
    const limiter = new RateLimiter();
    const c = contact({ limiter: { max_match_push: 1 } });
    limiter.record({ contactId: 1, matchId: 8, marketId: 1, period: 1, feedMs: T0 }, `8:${T0}`);
    expect(limiter.check(c, { matchId: 7, marketId: 1, period: 1, feedMs: T0 })).toBeNull();
  });

  it('max_market_match_push: pushes per market per match', () => {
    // Two on market 1, then market 1 is full while market 2 still takes one.
    expect(
      attempt(contact({ limiter: { max_market_match_push: 2 } }), [
        [1, 1, 1],
        [2, 1, 1],
        [3, 1, 2],
        [4, 2, 2],
      ]),
    ).toEqual([null, null, 'MAX_MARKET_MATCH', null]);
  });

  it('period_push_p{N}: pushes per period, all markets', () => {
    // One in period 1: the second (another market) is held; period 2 starts afresh.
    expect(
      attempt(contact({ limiter: { period_push_p1: 1 } }), [
        [10, 1, 1],
        [20, 2, 1],
        [50, 1, 2],
        [60, 2, 2],
      ]),
    ).toEqual([null, 'PERIOD_CAP', null, null]);
  });

  it('market_push_p{N}: pushes per market per period', () => {
    // Market 1 in period 2 takes one; market 2 in period 2 another; market 1 again in period 2 is held.
    expect(
      attempt(contact({ limiter: { market_push_p2: 1 } }), [
        [50, 1, 2],
        [55, 2, 2],
        [60, 1, 2],
        [10, 1, 1],
      ]),
    ).toEqual([null, null, 'MARKET_PERIOD_CAP', null]);
  });

  it('does not apply per-period caps before kick-off (period 0), and 0 forbids', () => {
    expect(
      attempt(contact({ limiter: { period_push_p1: 0 } }), [
        [-30, 1, 0],
        [1, 1, 1],
      ]),
    ).toEqual([null, 'PERIOD_CAP']);
  });

  it("says which limit in the operator's words", () => {
    const limiter = new RateLimiter();
    const c = contact({ limiter: { max_match_push: 1 } });
    limiter.record({ contactId: 1, matchId: 7, marketId: 1, period: 1, feedMs: T0 }, `7:${T0}`);
    expect(limiter.check(c, { matchId: 7, marketId: 1, period: 1, feedMs: T0 })?.detail).toBe('max 1 pushes per match reached (1 sent)');
  });
});
