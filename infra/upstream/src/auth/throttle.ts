import createError from '@fastify/error';

export interface ThrottleLimit {
  /** Attempts allowed within the window. */
  max: number;
  windowMs: number;
}

export interface LoginThrottleLimits {
  /** Failed logins per account (email), whatever address they come from. */
  account: ThrottleLimit;
  /** Failed logins per client address, whatever account they try. */
  address: ThrottleLimit;
}

export const DEFAULT_LOGIN_LIMITS: LoginThrottleLimits = {
  account: { max: 5, windowMs: 15 * 60_000 },
  address: { max: 20, windowMs: 5 * 60_000 },
};

export const TooManyLogins = createError<[string]>('TOO_MANY_LOGINS', 'Too many failed login attempts. Try again in %s.', 429);

/** "45 seconds", "1 minute", "13 minutes": how the login screen says the wait. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Login throttling, per account and per client address, in this process. Every attempt is counted
 * before the password is hashed (so parallel guesses cannot all get through while the first ones
 * are still hashing: each costs a 32 MiB scrypt), and a successful login takes its attempt back
 * and clears the account's count, so only failures add up. An account or address over its limit
 * gets 429 with the seconds until its oldest counted attempt leaves the window.
 */
export class LoginThrottle {
  private readonly attempts = new Map<string, number[]>();

  constructor(private readonly limits: LoginThrottleLimits = DEFAULT_LOGIN_LIMITS) {}

  /** Counts an attempt, or returns the seconds to wait when the account or the address is over its limit. */
  begin(account: string, address: string): { retryAfterS: number } | null {
    const now = Date.now();
    const keys = [`account:${account.trim().toLowerCase()}`, `address:${address}`] as const;
    const limits = [this.limits.account, this.limits.address];
    let waitMs = 0;
    keys.forEach((key, i) => {
      const { max, windowMs } = limits[i]!;
      const recent = this.recent(key, windowMs, now);
      if (recent.length >= max) waitMs = Math.max(waitMs, recent[recent.length - max]! + windowMs - now);
    });
    if (waitMs > 0) return { retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) };
    for (const key of keys) this.attempts.set(key, [...this.attempts.get(key)!, now]);
    if (this.attempts.size > 100_000) this.sweep(now);
    return null;
  }

  /** The attempt succeeded: it does not count, and the account starts afresh. */
  succeeded(account: string, address: string): void {
    this.attempts.delete(`account:${account.trim().toLowerCase()}`);
    const key = `address:${address}`;
    const list = this.attempts.get(key);
    if (list?.length) list.pop();
  }

  private recent(key: string, windowMs: number, now: number): number[] {
    const list = (this.attempts.get(key) ?? []).filter((at) => at > now - windowMs);
    this.attempts.set(key, list);
    return list;
  }

  private sweep(now: number): void {
    const longest = Math.max(this.limits.account.windowMs, this.limits.address.windowMs);
    for (const [key, list] of this.attempts) if (!list.some((at) => at > now - longest)) this.attempts.delete(key);
  }
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The client's address as the upstream sees it: the peer's, or, when the peer is on loopback (the
 * relay of `npm start`, which sets X-Forwarded-For to the client it serves), the last hop named there.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  if (peer && LOOPBACK.test(peer) && header) {
    const last = header.split(',').map((part) => part.trim()).filter(Boolean).at(-1);
    if (last) return last;
  }
  return peer ?? 'unknown';
}
