import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AuditActor, OperatorRole, ProviderGrant } from '@odds/protocol';
import type { Queryable, Tx } from '../db/client';
import { auditLog, operatorProviders, providers, sessions, users } from '../db/schema';
import { Errors } from '../errors';

/**
 * Roles and access per provider (docs/operators.md "Roles", "Access per provider"). An operator's
 * grants are rows of operator_providers. An admin without rows sees every provider, now and later;
 * anyone else sees exactly the providers granted (none without rows), so a provider added later is
 * seen by admins only until an admin grants it.
 */

/** What a session may do and see: its role, and its providers (null: every provider). */
export interface Access {
  role: OperatorRole;
  providerIds: number[] | null;
}

/**
 * The operator's access as a session carries it. Grants covering every provider there is count as
 * every provider, so an editor granted all of them keeps the screens of the whole deployment.
 */
export async function loadAccess(db: Queryable, operatorId: number, role: OperatorRole): Promise<Access> {
  const granted = (await db.select({ id: operatorProviders.providerId }).from(operatorProviders).where(eq(operatorProviders.operatorId, operatorId))).map(
    (row) => row.id,
  );
  if (role === 'admin' && granted.length === 0) return { role, providerIds: null };
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(providers);
  if (total > 0 && granted.length >= total) return { role, providerIds: null };
  return { role, providerIds: granted.sort((a, b) => a - b) };
}

/** The providers granted as stored (null: none stored, which is every provider for an admin). */
export async function grantsOf(db: Queryable, operatorId: number): Promise<number[] | null> {
  const rows = await db
    .select({ id: operatorProviders.providerId })
    .from(operatorProviders)
    .where(eq(operatorProviders.operatorId, operatorId))
    .orderBy(asc(operatorProviders.providerId));
  return rows.length ? rows.map((row) => row.id) : null;
}

/** The grants of many operators at once (the Operators list), by operator id. */
export async function grantsByOperator(db: Queryable): Promise<Map<number, number[]>> {
  const rows = await db.select().from(operatorProviders).orderBy(asc(operatorProviders.operatorId), asc(operatorProviders.providerId));
  const byOperator = new Map<number, number[]>();
  for (const row of rows) byOperator.set(row.operatorId, [...(byOperator.get(row.operatorId) ?? []), row.providerId]);
  return byOperator;
}

/** Replaces an operator's grants inside the caller's transaction ('all': every provider for a non-admin, no rows for an admin). */
async function writeGrants(tx: Tx, operatorId: number, role: OperatorRole, grant: ProviderGrant): Promise<number[]> {
  let ids: number[];
  if (grant === 'all') ids = role === 'admin' ? [] : (await tx.select({ id: providers.id }).from(providers)).map((row) => row.id);
  else {
    ids = [...new Set(grant)];
    const known = ids.length ? (await tx.select({ id: providers.id }).from(providers).where(inArray(providers.id, ids))).map((row) => row.id) : [];
    const unknown = ids.filter((id) => !known.includes(id));
    if (unknown.length) throw new Errors.BadRequest(`No such provider: ${unknown.join(', ')}`);
  }
  await tx.delete(operatorProviders).where(eq(operatorProviders.operatorId, operatorId));
  if (ids.length) await tx.insert(operatorProviders).values(ids.map((providerId) => ({ operatorId, providerId })));
  return ids.sort((a, b) => a - b);
}

/** Grants a new account its providers (createOperator's transaction). */
export const grantNewOperator = (tx: Tx, operatorId: number, role: OperatorRole, grant: ProviderGrant) => writeGrants(tx, operatorId, role, grant);

/**
 * Sets an operator's role and providers, in the caller's transaction: the account and the team's
 * admins locked (the last active admin cannot stop being one), `expectedVersion` compared with the
 * account's access_version (409 when another change came first; undefined: not compared, the
 * sign-in of an identity provider), the version bumped and one audit row (entity 'account') with
 * the role and grants before and after. Returns the SHA-256 of each of the account's session
 * tokens, for the caller to announce (`access_changed`): their consoles pick the change up at once.
 * Writes nothing (and announces nothing) when the role and grants are what they were.
 */
export async function setAccess(
  tx: Tx,
  operatorId: number,
  access: { role: OperatorRole; providerIds: ProviderGrant },
  actor: AuditActor | null,
  expectedVersion?: number,
): Promise<{ changed: boolean; sessionHashes: string[] }> {
  // The admins first, then the account: the order setOperatorStatus locks in.
  const admins = await lockAdmins(tx);
  const [before] = await tx.select().from(users).where(eq(users.id, operatorId)).for('update');
  if (!before) throw new Errors.NotFound('Operator', operatorId);
  if (expectedVersion !== undefined && expectedVersion !== before.accessVersion) throw new AccessMoved(before.name);
  if (access.role !== 'admin' && before.admin && before.status === 'active' && admins.every((id) => id === operatorId)) throw new Errors.LastAdmin();
  const grantsBefore = (await grantsOf(tx, operatorId)) ?? [];
  const grantsAfter = await writeGrants(tx, operatorId, access.role, access.providerIds);
  if (before.role === access.role && grantsBefore.join() === grantsAfter.join()) return { changed: false, sessionHashes: [] };
  const [after] = await tx
    .update(users)
    .set({ role: access.role, accessVersion: before.accessVersion + 1 })
    .where(eq(users.id, operatorId))
    .returning();
  const who = actor ?? { id: null, name: 'system' };
  const row = (user: typeof before, grants: number[]) => ({
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    admin: user.role === 'admin',
    provider_ids: grants.length ? grants : null,
    access_version: user.accessVersion,
    status: user.status,
    event: 'role and providers',
  });
  await tx.insert(auditLog).values({
    actorId: who.id,
    actorName: who.name,
    entity: 'account',
    entityId: operatorId,
    action: 'update',
    before: row(before, grantsBefore),
    after: row(after!, grantsAfter),
  });
  const live = await tx.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, operatorId));
  return { changed: true, sessionHashes: live.map((s) => s.tokenHash) };
}

/**
 * The ids of the active admins, their rows locked: two admins demoting or disabling each other at
 * once are serialised here, so the second sees the first's change and the team keeps one.
 */
export async function lockAdmins(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.admin, true), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Another admin changed this operator's role or providers since the form was read. */
class AccessMoved extends Error {
  readonly statusCode = 409;
  readonly code = 'CONFLICT';
  constructor(name: string) {
    super(`${name}'s role or providers were changed by someone else meanwhile: look again, then make your change.`);
  }
}
