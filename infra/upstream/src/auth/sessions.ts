import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { User } from '@odds/protocol';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { hashPassword, verifyPassword } from './passwords';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
/** How a session is named outside the database too (revocation notices): the SHA-256 (hex) of its token. */
export const tokenHash = sha256;

export interface Session {
  user: User;
  /** May manage operators and wall displays. */
  admin: boolean;
  expiresAt: Date;
}

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

  async login(email: string, password: string): Promise<{ token: string; session: Session } | null> {
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
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.ttlMs);
    await this.db.transaction(async (tx) => {
      await tx.insert(sessions).values({ tokenHash: sha256(token), userId: row.id, expiresAt });
      await tx.update(users).set({ lastSignInAt: now }).where(eq(users.id, row.id));
    });
    await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    return { token, session: { user: { id: row.id, email: row.email, name: row.name }, admin: row.admin, expiresAt } };
  }

  async check(token: string): Promise<Session | null> {
    const hash = sha256(token);
    const cached = this.cache.get(hash);
    const now = Date.now();
    if (cached && cached.until > now && cached.session.expiresAt.getTime() > now) return cached.session;
    this.cache.delete(hash);
    const [row] = await this.db
      .select({ id: users.id, email: users.email, name: users.name, admin: users.admin, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, hash), gt(sessions.expiresAt, new Date()), eq(users.status, 'active')));
    if (!row) return null;
    const session = { user: { id: row.id, email: row.email, name: row.name }, admin: row.admin, expiresAt: row.expiresAt };
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(hash, { session, until: now + this.cacheMs });
    return session;
  }

  /** Drops sessions ended elsewhere (by token hash: a disabled account, a reset) from the cache at once. */
  forget(hashes: readonly string[]): void {
    for (const hash of hashes) this.cache.delete(hash);
  }

  /** Drops an account's cached sessions (its admin flag changed): its next call reads it afresh. */
  forgetUser(userId: number): void {
    for (const [hash, entry] of this.cache) if (entry.session.user.id === userId) this.cache.delete(hash);
  }

  async revoke(token: string): Promise<void> {
    const hash = sha256(token);
    this.cache.delete(hash);
    await this.db.delete(sessions).where(eq(sessions.tokenHash, hash));
  }
}

/** Reads `Authorization: Token <t>` (the console's form) or `Bearer <t>`. */
export function tokenFromHeader(header: string | undefined): string | null {
  const match = /^(?:Token|Bearer)\s+([A-Za-z0-9_-]{20,200})$/i.exec(header?.trim() ?? '');
  return match?.[1] ?? null;
}
