import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientAddress, LoginThrottle, waitText } from './throttle';

describe('login throttle', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses an account after its failures, with the wait until the oldest leaves the window', () => {
    vi.useFakeTimers({ now: 0 });
    const throttle = new LoginThrottle({ account: { max: 3, windowMs: 60_000 }, address: { max: 100, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) {
      expect(throttle.begin('Ann@example.com', '10.0.0.1')).toBeNull();
      vi.advanceTimersByTime(10_000);
    }
    // Same account, other case and another address: still refused; 30 s until the first attempt is 60 s old.
    expect(throttle.begin(' ann@EXAMPLE.com', '10.0.0.2')).toEqual({ retryAfterS: 30, scope: 'account' });
    expect(throttle.begin('bob@example.com', '10.0.0.1')).toBeNull();
    vi.advanceTimersByTime(30_000);
    expect(throttle.begin('ann@example.com', '10.0.0.1')).toBeNull();
  });

  it('refuses an address trying many accounts', () => {
    vi.useFakeTimers({ now: 0 });
    const throttle = new LoginThrottle({ account: { max: 100, windowMs: 60_000 }, address: { max: 2, windowMs: 60_000 } });
    expect(throttle.begin('a@example.com', '10.0.0.9')).toBeNull();
    expect(throttle.begin('b@example.com', '10.0.0.9')).toBeNull();
    expect(throttle.begin('c@example.com', '10.0.0.9')).toEqual({ retryAfterS: 60, scope: 'address' });
    expect(throttle.begin('c@example.com', '10.0.0.8')).toBeNull();
  });

  it('does not count successful logins, and a success clears the account', () => {
    const throttle = new LoginThrottle({ account: { max: 2, windowMs: 60_000 }, address: { max: 2, windowMs: 60_000 } });
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
