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

/** A throttled login: who is over the limit, and for how long. */
export interface LoginRefusal {
  retryAfterS: number;
  /** `account`: refused outright. `address`: the password is still checked (see LoginThrottle). */
  scope: 'account' | 'address';
}

export const TooManyFromNetwork = createError<[string]>('TOO_MANY_LOGINS', 'Too many failed login attempts from this network. Sign in with the right password, or try again in %s.', 429);

/**
 * Login throttling, per account and per client address, in this process. Only failures add up: a
 * successful login takes its attempt back and clears the account's count.
 *
 * - An account over its limit is locked: every attempt on it gets 429 until its oldest counted
 *   failure leaves the window, before any password is hashed (parallel guesses cannot all get
 *   through while the first ones are still hashing: each costs a 32 MiB scrypt).
 * - An address over its limit (many people behind one proxy or NAT share one) does not lock anyone
 *   out: the password is still checked, and only a wrong one gets 429 "too many attempts from this
 *   network". So 20 failures from a colleague, or an attacker, behind the same proxy never refuse a
 *   correct password; the attacker's guesses stay bounded by each account's own limit.
 */
export class LoginThrottle {
  private readonly attempts = new Map<string, number[]>();

  constructor(private readonly limits: LoginThrottleLimits = DEFAULT_LOGIN_LIMITS) {}

  /** Counts an attempt, or says who is over the limit and for how long. */
  begin(account: string, address: string): LoginRefusal | null {
    const now = Date.now();
    const accountKey = `account:${account.trim().toLowerCase()}`;
    const addressKey = `address:${address}`;
    const accountWait = this.wait(accountKey, this.limits.account, now);
    if (accountWait > 0) return { retryAfterS: Math.max(1, Math.ceil(accountWait / 1000)), scope: 'account' };
    this.attempts.set(accountKey, [...this.attempts.get(accountKey)!, now]);
    const addressWait = this.wait(addressKey, this.limits.address, now);
    if (addressWait > 0) return { retryAfterS: Math.max(1, Math.ceil(addressWait / 1000)), scope: 'address' };
    this.attempts.set(addressKey, [...this.attempts.get(addressKey)!, now]);
    if (this.attempts.size > 100_000) this.sweep(now);
    return null;
  }

  /** The attempt succeeded: it does not count, and the account starts afresh. `addressCounted`: begin counted it for the address. */
  succeeded(account: string, address: string, addressCounted = true): void {
    this.attempts.delete(`account:${account.trim().toLowerCase()}`);
    if (!addressCounted) return;
    const list = this.attempts.get(`address:${address}`);
    if (list?.length) list.pop();
  }

  private wait(key: string, { max, windowMs }: ThrottleLimit, now: number): number {
    const recent = this.recent(key, windowMs, now);
    return recent.length >= max ? recent[recent.length - max]! + windowMs - now : 0;
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
