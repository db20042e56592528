import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { OperatorRole, OperatorSession, User } from '@odds/protocol';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { loadAccess } from './access';
import { hashPassword, verifyPassword } from './passwords';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
/** How a session is named outside the database too (revocation notices): the SHA-256 (hex) of its token. */
export const tokenHash = sha256;

export interface Session {
  /** The operator, with their role and providers (docs/operators.md). */
  user: User;
  /** May manage operators and wall displays (the role is 'admin'). */
  admin: boolean;
  expiresAt: Date;
}

/** Where a sign-in came from, kept for the operator's Sessions list. */
export interface SignInOrigin {
  address?: string;
  userAgent?: string;
}

/** How often a session's "last seen" is written: it is shown to the minute. */
const LAST_SEEN_EVERY_MS = 60_000;

/**
 * Opaque tokens that expire: a random 256-bit token goes to the client, only its SHA-256 is stored.
 * Checked tokens are cached briefly so a busy console does not hit the database on every call;
 * a revoked token is dropped from the cache at once.
 */
export class SessionStore {
  private readonly cache = new Map<string, { session: Session; until: number }>();

  constructor(
    readonly db: Db,
    private readonly ttlMs: number,
    private readonly cacheMs = 5_000,
  ) {}

  async login(email: string, password: string, origin: SignInOrigin = {}): Promise<{ token: string; session: Session } | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
    // Hash anyway when the user is unknown, so timing does not tell which emails exist.
    if (!row) {
      await hashPassword(password);
      return null;
    }
    // A disabled or pending account gets the same answer as a wrong password: nothing tells that it exists.
    if (!(await verifyPassword(password, row.passwordHash)) || row.status !== 'active') return null;
    return this.open(row, origin);
  }

  /**
   * A new session of an active account: what a password login and a sign-in through the identity
   * provider both end with (`idToken`: the provider's, the hint of its logout).
   */
  async open(
    row: { id: number; email: string; name: string; admin: boolean; role: OperatorRole },
    origin: SignInOrigin = {},
    idToken: string | null = null,
  ): Promise<{ token: string; session: Session }> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.ttlMs);
    await this.db.transaction(async (tx) => {
      await tx.insert(sessions).values({
        tokenHash: sha256(token),
        userId: row.id,
        expiresAt,
        lastSeenAt: now,
        address: origin.address?.slice(0, 100) ?? null,
        userAgent: origin.userAgent?.slice(0, 300) ?? null,
        idToken,
      });
      await tx.update(users).set({ lastSignInAt: now }).where(eq(users.id, row.id));
    });
    await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    const user = await userOf(this.db, row);
    return { token, session: { user, admin: row.admin, expiresAt } };
  }

  /** The identity provider's ID token a session signed in with (null: a password sign-in, or no such session). */
  async idTokenOf(token: string): Promise<string | null> {
    const [row] = await this.db
      .select({ idToken: sessions.idToken })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    return row?.idToken ?? null;
  }

  async check(token: string): Promise<Session | null> {
    const hash = sha256(token);
    const cached = this.cache.get(hash);
    const now = Date.now();
    if (cached && cached.until > now && cached.session.expiresAt.getTime() > now) return cached.session;
    this.cache.delete(hash);
    const [row] = await this.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        admin: users.admin,
        role: users.role,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, hash), gt(sessions.expiresAt, new Date()), eq(users.status, 'active')));
    if (!row) return null;
    // Seen again: kept to the minute (a write at most once a minute per session, off the reply's path).
    if (now - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
      void this.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.tokenHash, hash))
        .catch(() => undefined);
    }
    const session = { user: await userOf(this.db, row), admin: row.admin, expiresAt: row.expiresAt };
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(hash, { session, until: now + this.cacheMs });
    return session;
  }

  /** Drops sessions ended elsewhere (by token hash: a disabled account, a reset) from the cache at once. */
  forget(hashes: readonly string[]): void {
    for (const hash of hashes) this.cache.delete(hash);
  }

  /** Drops an account's cached sessions (its role or providers changed): its next call reads it afresh. */
  forgetUser(userId: number): void {
    for (const [hash, entry] of this.cache) if (entry.session.user.id === userId) this.cache.delete(hash);
  }

  /** An operator's sessions that have not expired, newest first; `currentToken`'s is marked current. */
  async list(userId: number, currentToken: string | null): Promise<OperatorSession[]> {
    const current = currentToken ? sha256(currentToken) : null;
    const rows = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
    return rows.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      address: row.address,
      user_agent: row.userAgent,
      current: row.tokenHash === current,
    }));
  }

  async revoke(token: string): Promise<void> {
    const hash = sha256(token);
    this.cache.delete(hash);
    await this.db.delete(sessions).where(eq(sessions.tokenHash, hash));
  }
}

/** The operator as a session carries them: who, their role and the providers they see (null: all). */
async function userOf(db: Db, row: { id: number; email: string; name: string; admin: boolean; role: OperatorRole }): Promise<User> {
  const { providerIds } = await loadAccess(db, row.id, row.role);
  return { id: row.id, email: row.email, name: row.name, admin: row.admin, role: row.role, provider_ids: providerIds };
}

/** Reads `Authorization: Token <t>` (the console's form) or `Bearer <t>`. */
export function tokenFromHeader(header: string | undefined): string | null {
  const match = /^(?:Token|Bearer)\s+([A-Za-z0-9_-]{20,200})$/i.exec(header?.trim() ?? '');
  return match?.[1] ?? null;
}
