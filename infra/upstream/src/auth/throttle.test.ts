import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientAddress, LoginThrottle, waitText } from './throttle';

describe('login throttle', () => {
  afterEach(() => vi.useRealTimers());

  const lockout = { max: 3, lockMs: 60_000, maxLockMs: 5 * 60_000, forgetMs: 60 * 60_000 };

  it('locks an account after its failures, from any address, before the password is checked', () => {
    vi.useFakeTimers({ now: 0 });
    const throttle = new LoginThrottle({ account: lockout, address: { max: 100, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) {
      expect(throttle.begin('Ann@example.com', '10.0.0.1')).toBeNull();
      vi.advanceTimersByTime(10_000);
    }
    // Same account, other case and another address: still refused; the lock began with the third failure (10 s ago).
    expect(throttle.begin(' ann@EXAMPLE.com', '10.0.0.2')).toEqual({ retryAfterS: 50, scope: 'account' });
    expect(throttle.begin('bob@example.com', '10.0.0.1')).toBeNull();
    vi.advanceTimersByTime(50_000);
    expect(throttle.begin('ann@example.com', '10.0.0.1')).toBeNull();
  });

  it('locks twice as long after each further failure, up to the longest lock (a sliding window before)', () => {
    vi.useFakeTimers({ now: 0 });
    const throttle = new LoginThrottle({ account: lockout, address: { max: 100, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) expect(throttle.begin('ann@example.com', '10.0.0.1')).toBeNull();
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const refusal = throttle.begin('ann@example.com', '10.0.0.1');
      expect(refusal?.scope).toBe('account');
      waits.push(refusal!.retryAfterS);
      vi.advanceTimersByTime(refusal!.retryAfterS * 1000);
      // The lock ran out: one more try (a wrong password again), which locks for longer.
      expect(throttle.begin('ann@example.com', '10.0.0.1')).toBeNull();
    }
    expect(waits).toEqual([60, 120, 240, 300, 300]);
  });

  it('forgets failures after a quiet hour, and at once after a success', () => {
    vi.useFakeTimers({ now: 0 });
    const throttle = new LoginThrottle({ account: lockout, address: { max: 100, windowMs: 60_000 } });
    for (let i = 0; i < 2; i++) expect(throttle.begin('ann@example.com', '10.0.0.1')).toBeNull();
    vi.advanceTimersByTime(60 * 60_000 + 1);
    for (let i = 0; i < 3; i++) expect(throttle.begin('ann@example.com', '10.0.0.1')).toBeNull();
    expect(throttle.begin('ann@example.com', '10.0.0.1')).toMatchObject({ scope: 'account' });
    vi.advanceTimersByTime(60_000);
    // Right after a lock the owner signs in: the account starts afresh, with its whole allowance.
    expect(throttle.begin('ann@example.com', '10.0.0.1')).toBeNull();
    throttle.succeeded('ann@example.com', '10.0.0.1');
    for (let i = 0; i < 3; i++) expect(throttle.begin('ann@example.com', '10.0.0.1')).toBeNull();
  });

  it('marks an address trying many accounts, without touching other addresses', () => {
    vi.useFakeTimers({ now: 0 });
    const throttle = new LoginThrottle({ account: { ...lockout, max: 100 }, address: { max: 2, windowMs: 60_000 } });
    expect(throttle.begin('a@example.com', '10.0.0.9')).toBeNull();
    expect(throttle.begin('b@example.com', '10.0.0.9')).toBeNull();
    expect(throttle.begin('c@example.com', '10.0.0.9')).toEqual({ retryAfterS: 60, scope: 'address' });
    expect(throttle.begin('c@example.com', '10.0.0.8')).toBeNull();
  });

  it('does not count successful logins, and a success clears the account', () => {
    const throttle = new LoginThrottle({ account: { ...lockout, max: 2 }, address: { max: 2, windowMs: 60_000 } });
    for (let i = 0; i < 5; i++) {
      expect(throttle.begin('ann@example.com', '10.0.0.1')).toBeNull();
      throttle.succeeded('ann@example.com', '10.0.0.1');
    }
    expect(throttle.begin('ann@example.com', '10.0.0.1')).toBeNull();
    expect(throttle.begin('ann@example.com', '10.0.0.1')).toBeNull();
    expect(throttle.begin('ann@example.com', '10.0.0.1')).not.toBeNull();
  });

  it('reads the client address from X-Forwarded-For only when a loopback peer (the relay) sent it', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('192.0.2.5', '203.0.113.7')).toBe('192.0.2.5');
    expect(clientAddress('::1', undefined)).toBe('::1');
  });

  it('says the wait in words', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(801)).toBe('14 minutes');
  });
});
