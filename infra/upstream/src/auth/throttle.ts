import createError from '@fastify/error';

interface ThrottleLimit {
  /** Attempts allowed within the window. */
  max: number;
  windowMs: number;
}

/** An account's lockout: locked after `max` failures, for longer after each further one. */
interface AccountLockout {
  /** Failures since the last success (or since `forgetMs` of quiet) that lock the account. */
  max: number;
  /** The first lock; each further failure doubles it, up to maxLockMs. */
  lockMs: number;
  maxLockMs: number;
  /** Failures are forgotten after this long without one. */
  forgetMs: number;
}

export interface LoginThrottleLimits {
  /** Failed logins per account (email), whatever address they come from. */
  account: AccountLockout;
  /** Failed logins per client address, whatever account they try. */
  address: ThrottleLimit;
}

const DEFAULT_LOGIN_LIMITS: LoginThrottleLimits = {
  account: { max: 5, lockMs: 60_000, maxLockMs: 15 * 60_000, forgetMs: 60 * 60_000 },
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

export const TooManyFromNetwork = createError<[string]>(
  'TOO_MANY_LOGINS',
  'Too many failed login attempts from this network. Sign in with the right password, or try again in %s.',
  429,
);

/**
 * Login throttling, per account and per client address, in this process. Only failures add up: a
 * successful login takes its attempt back and clears the account's count.
 *
 * - An account is locked after `max` failures, for `lockMs` (a minute), and each failure after a
 *   lock has run out locks it twice as long as the last, up to `maxLockMs`: a typo-prone operator
 *   waits a minute, a guesser gets ever fewer tries (5, then one after each lock of 1, 2, 4, 8
 *   minutes, then one every 15 minutes). While locked, every attempt on it gets 429 before any password is hashed
 *   (parallel guesses cannot all get through while the first ones are still hashing: each costs
 *   a 32 MiB scrypt). A success, or `forgetMs` without a failure, starts the account afresh.
 * - An address over its limit (many people behind one proxy or NAT share one) does not lock anyone
 *   out: the password is still checked, and only a wrong one gets 429 "too many attempts from this
 *   network". So 20 failures from a colleague, or an attacker, behind the same proxy never refuse a
 *   correct password; the attacker's guesses stay bounded by each account's own lockout.
 */
export class LoginThrottle {
  private readonly accounts = new Map<string, { failures: number; lastAt: number; lockedUntil: number }>();
  private readonly addresses = new Map<string, number[]>();

  constructor(private readonly limits: LoginThrottleLimits = DEFAULT_LOGIN_LIMITS) {}

  /** Counts an attempt (as a failure until `succeeded` says otherwise), or says who is over the limit and for how long. */
  begin(account: string, address: string): LoginRefusal | null {
    const now = Date.now();
    const { max, lockMs, maxLockMs, forgetMs } = this.limits.account;
    const key = account.trim().toLowerCase();
    let state = this.accounts.get(key);
    if (!state || now - state.lastAt > forgetMs) state = { failures: 0, lastAt: now, lockedUntil: 0 };
    if (state.lockedUntil > now) return { retryAfterS: seconds(state.lockedUntil - now), scope: 'account' };
    state.failures += 1;
    state.lastAt = now;
    // Locked from the attempt that reaches the limit on, so parallel guesses beyond it are refused at once.
    if (state.failures >= max) state.lockedUntil = now + Math.min(maxLockMs, lockMs * 2 ** Math.min(state.failures - max, 30));
    this.accounts.set(key, state);
    const addressWait = this.addressWait(address, now);
    if (addressWait > 0) return { retryAfterS: seconds(addressWait), scope: 'address' };
    this.addresses.get(address)!.push(now);
    if (this.accounts.size + this.addresses.size > 100_000) this.sweep(now);
    return null;
  }

  /** The attempt succeeded: it does not count, and the account starts afresh. `addressCounted`: begin counted it for the address. */
  succeeded(account: string, address: string, addressCounted = true): void {
    this.accounts.delete(account.trim().toLowerCase());
    if (!addressCounted) return;
    const list = this.addresses.get(address);
    if (list?.length) list.pop();
  }

  private addressWait(address: string, now: number): number {
    const { max, windowMs } = this.limits.address;
    const recent = (this.addresses.get(address) ?? []).filter((at) => at > now - windowMs);
    this.addresses.set(address, recent);
    return recent.length >= max ? recent[recent.length - max]! + windowMs - now : 0;
  }

  private sweep(now: number): void {
    for (const [key, state] of this.accounts) if (state.lockedUntil <= now && now - state.lastAt > this.limits.account.forgetMs) this.accounts.delete(key);
    for (const [key, list] of this.addresses) if (!list.some((at) => at > now - this.limits.address.windowMs)) this.addresses.delete(key);
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The client's address as the upstream sees it: the peer's, or, when the peer is on loopback (the
 * relay of `npm start`, which sets X-Forwarded-For to the client it serves), the last hop named there.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  if (peer && LOOPBACK.test(peer) && header) {
    const last = header
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return last;
  }
  return peer ?? 'unknown';
}
