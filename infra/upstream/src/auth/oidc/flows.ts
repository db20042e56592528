import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ssoFlows, ssoTickets } from '../../db/schema';
import type { Attempt } from './provider';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** How long a sign-in may stay at the provider (typing a password, a second factor). */
const FLOW_TTL_MS = 10 * 60_000;
/** How long the login screen has to trade the callback's ticket for a session (it does at once). */
const TICKET_TTL_MS = 60_000;

/** Where the browser goes back after the sign-in: a console page, and whether in a window of its own. */
export interface Back {
  next: string | null;
  inWindow: boolean;
}

/**
 * Sign-ins under way and callbacks waiting to be completed, in the database (any API process may
 * take the callback or the completion). Both are used once: taking one deletes it in the same
 * statement, so a replayed callback or ticket finds nothing, even two at once.
 */
export class SsoFlows {
  constructor(private readonly db: Db) {}

  /** Keeps an attempt for the browser holding `browser` (its cookie); the state names it. */
  async open(attempt: Attempt, browser: string, back: Back, now = new Date()): Promise<void> {
    await this.db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, now));
    await this.db.insert(ssoFlows).values({
      stateHash: sha256(attempt.state),
      browserHash: sha256(browser),
      nonce: attempt.nonce,
      codeVerifier: attempt.codeVerifier,
      next: back.next,
      inWindow: back.inWindow,
      expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
    });
  }

  /**
   * The attempt a callback's state names, taken (deleted) only when this browser started it and it
   * has not expired; null otherwise (a forged or replayed callback, another browser's state).
   */
  async take(state: string, browser: string | undefined, now = new Date()): Promise<(Attempt & Back) | null> {
    if (!browser) return null;
    const [row] = await this.db
      .delete(ssoFlows)
      .where(and(eq(ssoFlows.stateHash, sha256(state)), eq(ssoFlows.browserHash, sha256(browser)), gt(ssoFlows.expiresAt, now)))
      .returning();
    return row ? { state, nonce: row.nonce, codeVerifier: row.codeVerifier, next: row.next, inWindow: row.inWindow } : null;
  }

  /** A one-time ticket for `userId`'s session-to-be (only its SHA-256 is kept). */
  async ticket(userId: number, idToken: string, now = new Date()): Promise<string> {
    await this.db.delete(ssoTickets).where(lt(ssoTickets.expiresAt, now));
    const ticket = randomBytes(32).toString('base64url');
    await this.db.insert(ssoTickets).values({ ticketHash: sha256(ticket), userId, idToken, expiresAt: new Date(now.getTime() + TICKET_TTL_MS) });
    return ticket;
  }

  /** The ticket's account and ID token, taken (deleted); null for an unknown, used or expired ticket. */
  async redeem(ticket: string, now = new Date()): Promise<{ userId: number; idToken: string | null } | null> {
    const [row] = await this.db
      .delete(ssoTickets)
      .where(and(eq(ssoTickets.ticketHash, sha256(ticket)), gt(ssoTickets.expiresAt, now)))
      .returning();
    return row ? { userId: row.userId, idToken: row.idToken } : null;
  }
}

/** A random value for the browser's cookie that binds a sign-in to it. */
export const newBrowserKey = () => randomBytes(32).toString('base64url');
