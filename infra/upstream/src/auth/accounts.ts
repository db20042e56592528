import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditActor, OperatorRole, ProviderGrant } from '@odds/protocol';
import type { Db, Queryable, Tx } from '../db/client';
import { auditLog, passwordTokens, sessions, users, type AccountStatus, type PasswordTokenPurpose } from '../db/schema';
import { Errors } from '../errors';
import { grantNewOperator, grantsByOperator, grantsOf, lockAdmins, setAccess } from './access';
import { passwordProblem } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';

/**
 * Operator accounts: create (with a password, or pending with a one-time invite link), disable and
 * enable, admin or not, reset links, change one's own password. Each function is one transaction
 * and leaves an audit row (entity 'account'; the password hash is never in it). `actor` is the
 * acting operator, or null for the operator command (written as "system").
 *
 * Changes that end sessions return the SHA-256 of each ended session's token: the caller announces
 * them on the change stream (`revoked_tokens`), so every relay closes those live connections at once.
 */

const INVITE_TTL_MS = 72 * 60 * 60 * 1000;
const RESET_TTL_MS = 72 * 60 * 60 * 1000;

export interface OperatorRow {
  id: number;
  email: string;
  name: string;
  admin: boolean;
  role: OperatorRole;
  provider_ids: number[] | null;
  access_version: number;
  status: AccountStatus;
  created_at: string;
  created_by_name: string | null;
  last_sign_in_at: string | null;
}

export interface PasswordLink {
  /** Shown once (a link's fragment: `/set-password#token=…`); only its SHA-256 is stored. */
  token: string;
  expiresAt: Date;
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const SYSTEM: AuditActor = { id: null, name: 'system' };
/** A stored hash no password verifies against (verifyPassword wants `scrypt$…`): an account without a password yet. */
export const NO_PASSWORD = 'none';
const hasPassword = (hash: string) => hash.startsWith('scrypt$');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type UserRow = typeof users.$inferSelect;
const creator = alias(users, 'creator');

export async function listOperators(db: Queryable): Promise<OperatorRow[]> {
  const rows = await db
    .select({ user: users, creatorName: creator.name })
    .from(users)
    .leftJoin(creator, eq(creator.id, users.createdBy))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  const grants = await grantsByOperator(db);
  return rows.map(({ user, creatorName }) => toOperator(user, creatorName, grants.get(user.id) ?? null));
}

export async function getOperator(db: Queryable, id: number): Promise<OperatorRow | null> {
  const [row] = await db
    .select({ user: users, creatorName: creator.name })
    .from(users)
    .leftJoin(creator, eq(creator.id, users.createdBy))
    .where(eq(users.id, id));
  return row ? toOperator(row.user, row.creatorName, await grantsOf(db, id)) : null;
}

export async function findOperatorByEmail(db: Queryable, email: string): Promise<OperatorRow | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return row ? getOperator(db, row.id) : null;
}

/**
 * Creates an operator. With a password the account is active at once; without one it is pending
 * and the reply carries a one-time invite link (valid 72 h) with which its holder chooses one.
 */
export async function createOperator(
  db: Db,
  input: {
    email: string;
    name: string;
    admin: boolean;
    role?: OperatorRole | undefined;
    providerIds?: ProviderGrant | undefined;
    password?: string | undefined;
  },
  actor: AuditActor | null,
): Promise<{ account: OperatorRow; link?: PasswordLink }> {
  const email = input.email.trim();
  const name = input.name.trim();
  if (!EMAIL.test(email) || email.length > 254) throw new Errors.BadRequest(`'${email}' is not an email address.`);
  if (!name || name.length > 200) throw new Errors.BadRequest('Give the operator a name (at most 200 characters).');
  const problem = input.password === undefined ? null : passwordProblem(input.password, [email, name]);
  if (problem) throw new Errors.BadRequest(problem);
  // scrypt outside the transaction: it takes a while and needs no lock.
  const passwordHash = input.password === undefined ? NO_PASSWORD : await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      if (taken) throw new Errors.EmailTaken(email);
      const [row] = await tx
        .insert(users)
        .values({
          email,
          name,
          passwordHash,
          role: input.role ?? (input.admin ? 'admin' : 'editor'),
          status: input.password === undefined ? 'pending' : 'active',
          createdBy: actor?.id ?? null,
        })
        .returning();
      // Absent: every provider there is now (an admin: every provider, now and later).
      await grantNewOperator(tx, row!.id, row!.role, input.providerIds ?? 'all');
      await audit(tx, actor, row!.id, 'create', null, row!);
      const link = input.password === undefined ? await newToken(tx, row!.id, 'invite', INVITE_TTL_MS) : undefined;
      return { account: (await getOperator(tx, row!.id))!, ...(link && { link }) };
    });
  } catch (error) {
    // Two creations of one email at once: the unique index refuses the second.
    if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') throw new Errors.EmailTaken(email);
    throw error;
  }
}

/**
 * Disables or enables an operator. Disabling ends every session of the account, voids its unused
 * links, and is refused for the last active admin. Enabling gives back 'active', or 'pending' to an
 * account that has no password yet (it becomes active when its holder chooses one).
 */
export async function setOperatorStatus(
  db: Db,
  id: number,
  status: 'active' | 'disabled',
  actor: AuditActor | null,
): Promise<{ account: OperatorRow; revokedTokenHashes: string[] }> {
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const before = await lockAccount(tx, id);
    let revokedTokenHashes: string[] = [];
    if (status === 'disabled') {
      if (before.admin && before.status === 'active' && admins.filter((a) => a !== id).length === 0) throw new Errors.LastAdmin();
      revokedTokenHashes = await endSessions(tx, id);
      await tx.delete(passwordTokens).where(and(eq(passwordTokens.userId, id), isNull(passwordTokens.usedAt)));
    }
    const next: AccountStatus = status === 'disabled' ? 'disabled' : hasPassword(before.passwordHash) ? 'active' : 'pending';
    if (next !== before.status) {
      const [after] = await tx.update(users).set({ status: next }).where(eq(users.id, id)).returning();
      await audit(tx, actor, id, 'update', before, after!);
    }
    return { account: (await getOperator(tx, id))!, revokedTokenHashes };
  });
}

/**
 * Makes an operator admin or not (the older call; the role and grants call is routes' operatorAccess):
 * an admin who stops being one becomes an editor, keeping their grants (none: every provider).
 * Refuses to leave the team without an active admin. Returns the sessions to tell (access changed).
 */
export async function setOperatorAdmin(
  db: Db,
  id: number,
  admin: boolean,
  actor: AuditActor | null,
): Promise<{ account: OperatorRow; sessionHashes: string[] }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id));
    if (!row) throw new Errors.NotFound('Operator', id);
    const role: OperatorRole = admin ? 'admin' : row.role === 'admin' ? 'editor' : row.role;
    const { sessionHashes } = await setAccess(tx, id, { role, providerIds: (await grantsOf(tx, id)) ?? 'all' }, actor);
    return { account: (await getOperator(tx, id))!, sessionHashes };
  });
}

/**
 * A one-time reset link for an operator (valid 72 h). The old password stops working and every
 * session of the account ends: a reset is what an admin does when a password may be known to
 * someone else. Earlier unused links of the account are voided. Refused for a disabled account.
 */
export async function issuePasswordToken(
  db: Db,
  id: number,
  purpose: PasswordTokenPurpose,
  actor: AuditActor | null,
): Promise<PasswordLink & { revokedTokenHashes: string[] }> {
  return db.transaction(async (tx) => {
    const before = await lockAccount(tx, id);
    if (before.status === 'disabled') throw new Errors.BadRequest(`${before.name} is disabled: enable the account first.`);
    await tx.delete(passwordTokens).where(and(eq(passwordTokens.userId, id), isNull(passwordTokens.usedAt)));
    const revokedTokenHashes = await endSessions(tx, id);
    const [after] = await tx.update(users).set({ passwordHash: NO_PASSWORD }).where(eq(users.id, id)).returning();
    await audit(tx, actor, id, 'update', before, after!, purpose === 'invite' ? 'invite link issued' : 'password reset link issued');
    const link = await newToken(tx, id, purpose, purpose === 'invite' ? INVITE_TTL_MS : RESET_TTL_MS);
    return { ...link, revokedTokenHashes };
  });
}

/**
 * Sets the password of the account a one-time link names, and uses the link up. An unknown,
 * expired or used link, or one of a disabled account, gets one plain message (which it was is
 * nobody's business). A pending account becomes active.
 */
export async function consumePasswordToken(db: Db, token: string, password: string, now: Date = new Date()): Promise<OperatorRow> {
  const [owner] = await db
    .select({ email: users.email, name: users.name })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(eq(passwordTokens.tokenHash, sha256(token)));
  const problem = passwordProblem(password, owner ? [owner.email, owner.name] : []);
  if (problem) throw new Errors.BadRequest(problem);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.tokenHash, sha256(token)))
      .for('update');
    if (!link || link.usedAt || link.expiresAt.getTime() <= now.getTime()) throw new Errors.LinkInvalid();
    const before = await lockAccount(tx, link.userId);
    if (before.status === 'disabled') throw new Errors.LinkInvalid();
    await tx.update(passwordTokens).set({ usedAt: now }).where(eq(passwordTokens.tokenHash, link.tokenHash));
    const [after] = await tx.update(users).set({ passwordHash, status: 'active' }).where(eq(users.id, link.userId)).returning();
    await audit(tx, { id: before.id, name: before.name }, before.id, 'update', before, after!, `password set with ${link.purpose} link`);
    return (await getOperator(tx, before.id))!;
  });
}

/**
 * Sets a password directly (the operator command on a terminal). Every session of the account
 * ends; a pending account becomes active.
 */
export async function setOperatorPassword(
  db: Db,
  id: number,
  password: string,
  actor: AuditActor | null,
): Promise<{ account: OperatorRow; revokedTokenHashes: string[] }> {
  const [account] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, id));
  const problem = passwordProblem(password, account ? [account.email, account.name] : []);
  if (problem) throw new Errors.BadRequest(problem);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const before = await lockAccount(tx, id);
    const revokedTokenHashes = await endSessions(tx, id);
    await tx.delete(passwordTokens).where(and(eq(passwordTokens.userId, id), isNull(passwordTokens.usedAt)));
    const status: AccountStatus = before.status === 'disabled' ? 'disabled' : 'active';
    const [after] = await tx.update(users).set({ passwordHash, status }).where(eq(users.id, id)).returning();
    await audit(tx, actor, id, 'update', before, after!, 'password set');
    return { account: (await getOperator(tx, id))!, revokedTokenHashes };
  });
}

/**
 * An operator changes their own password: the current one is required. Their other sessions end
 * (`keepToken`, the session making the change, stays signed in).
 */
export async function changeOwnPassword(
  db: Db,
  id: number,
  currentPassword: string,
  newPassword: string,
  keepToken?: string,
): Promise<{ revokedTokenHashes: string[] }> {
  const [current] = await db.select({ passwordHash: users.passwordHash, email: users.email, name: users.name }).from(users).where(eq(users.id, id));
  if (!current) throw new Errors.NotFound('Operator', id);
  const problem = passwordProblem(newPassword, [current.email, current.name]);
  if (problem) throw new Errors.BadRequest(problem);
  if (!(await verifyPassword(currentPassword, current.passwordHash))) throw new Errors.WrongCurrentPassword();
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const before = await lockAccount(tx, id);
    // Changed by someone else meanwhile (a reset): the current password the caller gave is no longer it.
    if (before.passwordHash !== current.passwordHash) throw new Errors.WrongCurrentPassword();
    const revokedTokenHashes = await endSessions(tx, id, keepToken ? sha256(keepToken) : undefined);
    const [after] = await tx.update(users).set({ passwordHash }).where(eq(users.id, id)).returning();
    await audit(tx, { id: before.id, name: before.name }, id, 'update', before, after!, 'password changed');
    return { revokedTokenHashes };
  });
}

/** The account row, locked until the transaction ends; 404 when there is none. */
async function lockAccount(tx: Tx, id: number): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw new Errors.NotFound('Operator', id);
  return row;
}

/** Deletes the account's sessions (but `keepHash`'s) and returns their token hashes. */
async function endSessions(tx: Tx, userId: number, keepHash?: string): Promise<string[]> {
  const rows = await tx
    .delete(sessions)
    .where(keepHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepHash)) : eq(sessions.userId, userId))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.map((r) => r.tokenHash);
}

async function newToken(tx: Tx, userId: number, purpose: PasswordTokenPurpose, ttlMs: number): Promise<PasswordLink> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs);
  await tx.insert(passwordTokens).values({ tokenHash: sha256(token), userId, purpose, expiresAt });
  return { token, expiresAt };
}

/** An account as history keeps it: never its password hash, only whether it has a password. */
function historyRow(row: UserRow, event?: string): Record<string, unknown> {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    admin: row.admin,
    role: row.role,
    status: row.status,
    has_password: hasPassword(row.passwordHash),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    ...(event && { event }),
  };
}

/**
 * Ends one session of an operator (from their own Sessions list, or an admin's), on their History
 * with where and when it had signed in. Returns the ended session's token hash, for the caller to
 * announce (its consoles close at once). 404 when the operator has no such session (ended already).
 */
export async function endSession(db: Db, userId: number, sessionId: number, actor: AuditActor): Promise<string> {
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, userId);
    const [ended] = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .returning({ tokenHash: sessions.tokenHash, createdAt: sessions.createdAt, address: sessions.address });
    if (!ended) throw new Errors.NotFound('Session', sessionId);
    const where = ended.address ? ` from ${ended.address}` : '';
    await audit(tx, actor, userId, 'update', account, account, `session ended (signed in ${ended.createdAt.toISOString()}${where})`);
    return ended.tokenHash;
  });
}

/** The account's audit row (entity 'account'; never the password hash): also written by sign-ins through the identity provider. */
export async function audit(
  tx: Tx,
  actor: AuditActor | null,
  id: number,
  action: AuditAction,
  before: UserRow | null,
  after: UserRow,
  event?: string,
): Promise<void> {
  const who = actor ?? SYSTEM;
  await tx.insert(auditLog).values({
    actorId: who.id,
    actorName: who.name,
    entity: 'account',
    entityId: id,
    action,
    before: before ? historyRow(before) : null,
    after: historyRow(after, event),
  });
}

function toOperator(user: UserRow, creatorName: string | null, grants: number[] | null): OperatorRow {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    admin: user.admin,
    role: user.role,
    // No grants: every provider for an admin, none for anyone else.
    provider_ids: grants ?? (user.role === 'admin' ? null : []),
    access_version: user.accessVersion,
    status: user.status,
    created_at: user.createdAt.toISOString(),
    created_by_name: creatorName,
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
  };
}
