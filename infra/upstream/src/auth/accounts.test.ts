import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, sessions, users } from '../db/schema';
import { createTestUpstream, DEMO, type TestUpstream } from '../testing';
import {
  changeOwnPassword,
  consumePasswordToken,
  createOperator,
  findOperatorByEmail,
  issuePasswordToken,
  listOperators,
  setOperatorAdmin,
  setOperatorStatus,
} from './accounts';
import { passwordProblem } from './password-policy';

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await createTestUpstream();
});
afterAll(() => upstream.close());

const db = () => upstream.database.db;
const ADMIN = { id: 1, name: 'Demo Operator' };
const signIn = (email: string, password: string) => upstream.app.inject({ method: 'POST', url: '/api/1/authenticate', payload: { email, password } });
const session = (token: string) => upstream.app.inject({ method: 'GET', url: '/api/1/session', headers: { authorization: `Token ${token}` } });
const auditOf = (id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'account'), eq(auditLog.entityId, id)))
    .orderBy(desc(auditLog.id));

describe('password policy', () => {
  it('asks for 12 characters at least', () => {
    expect(passwordProblem('short pass')).toBe('Choose a password of at least 12 characters.');
    expect(passwordProblem('twelve chars')).toBeNull();
    expect(passwordProblem(' '.repeat(20))).toBe('Choose a password that is not only spaces.');
  });
});

describe('operator accounts', () => {
  it('makes the seed demo operator an admin', async () => {
    const demo = await findOperatorByEmail(db(), DEMO.email);
    expect(demo).toMatchObject({ admin: true, status: 'active' });
    expect(ADMIN.id).toBe(demo!.id);
  });

  it('creates an active operator with a password, who signs in (and the sign-in is recorded)', async () => {
    const { account, link } = await createOperator(db(), { email: 'ana@example.com', name: 'Ana', admin: false, password: 'a long password' }, ADMIN);
    expect(link).toBeUndefined();
    expect(account).toMatchObject({
      email: 'ana@example.com',
      name: 'Ana',
      admin: false,
      status: 'active',
      created_by_name: 'Demo Operator',
      last_sign_in_at: null,
    });
    expect((await signIn('ana@example.com', 'a long password')).statusCode).toBe(200);
    expect((await findOperatorByEmail(db(), 'ANA@example.com'))!.last_sign_in_at).not.toBeNull();
    const [created] = await auditOf(account.id);
    expect(created).toMatchObject({ action: 'create', actorId: ADMIN.id, actorName: 'Demo Operator', before: null });
    expect(created!.after).toMatchObject({ email: 'ana@example.com', has_password: true });
    expect(JSON.stringify(created!.after)).not.toContain('scrypt');
  });

  it('refuses a second account with the same email, a short password and a malformed email', async () => {
    await expect(createOperator(db(), { email: 'Ana@Example.com', name: 'Ana 2', admin: false }, ADMIN)).rejects.toMatchObject({ statusCode: 409 });
    await expect(createOperator(db(), { email: 'bo@example.com', name: 'Bo', admin: false, password: 'short' }, ADMIN)).rejects.toMatchObject({
      statusCode: 400,
      message: 'Choose a password of at least 12 characters.',
    });
    await expect(createOperator(db(), { email: 'not-an-email', name: 'Bo', admin: false }, ADMIN)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('invites: a pending account with a one-time link, refused at sign-in like a wrong password until the link is used', async () => {
    const { account, link } = await createOperator(db(), { email: 'cy@example.com', name: 'Cy', admin: false }, null);
    expect(account.status).toBe('pending');
    expect(link!.expiresAt.getTime() - Date.now()).toBeGreaterThan(71 * 3600_000);
    const refused = await signIn('cy@example.com', 'none');
    expect(refused.json().message).toBe('Invalid email or password');
    expect((await auditOf(account.id))[0]).toMatchObject({ actorId: null, actorName: 'system' });

    await expect(consumePasswordToken(db(), link!.token, 'too short')).rejects.toMatchObject({ statusCode: 400 });
    const active = await consumePasswordToken(db(), link!.token, 'cy chose this one');
    expect(active.status).toBe('active');
    expect((await signIn('cy@example.com', 'cy chose this one')).statusCode).toBe(200);
    // Single use.
    await expect(consumePasswordToken(db(), link!.token, 'another password here')).rejects.toMatchObject({ code: 'LINK_INVALID' });
    await expect(consumePasswordToken(db(), 'not-a-token-at-all-not-a-token', 'another password here')).rejects.toMatchObject({ code: 'LINK_INVALID' });
  });

  it('refuses an expired link', async () => {
    const { link } = await createOperator(db(), { email: 'dee@example.com', name: 'Dee', admin: false }, ADMIN);
    const later = new Date(link!.expiresAt.getTime() + 1);
    await expect(consumePasswordToken(db(), link!.token, 'dee chose this one', later)).rejects.toMatchObject({ code: 'LINK_INVALID' });
  });

  it('disabling ends every session of the account at once and refuses its sign-in; enabling lets it in again', async () => {
    const { account } = await createOperator(db(), { email: 'eve@example.com', name: 'Eve', admin: false, password: 'eve password 1' }, ADMIN);
    const tokens = await Promise.all([1, 2].map(async () => (await signIn('eve@example.com', 'eve password 1')).json().token as string));
    expect((await session(tokens[0]!)).statusCode).toBe(200);
    const { account: disabled, revokedTokenHashes } = await setOperatorStatus(db(), account.id, 'disabled', ADMIN);
    expect(disabled.status).toBe('disabled');
    expect(revokedTokenHashes).toHaveLength(2);
    expect(await db().select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);
    // The API's token cache let go too (the change notice names the sessions); announce as a route would.
    upstream.app.engine.bus.publish({ match_id: 0, topics: [], revoked_tokens: revokedTokenHashes });
    expect((await session(tokens[0]!)).statusCode).toBe(401);
    expect((await signIn('eve@example.com', 'eve password 1')).json().message).toBe('Invalid email or password');
    await setOperatorStatus(db(), account.id, 'active', ADMIN);
    expect((await signIn('eve@example.com', 'eve password 1')).statusCode).toBe(200);
    expect((await auditOf(account.id)).map((row) => (row.after as { status: string }).status)).toEqual(['active', 'disabled', 'active']);
  });

  it('never leaves the team without an active admin', async () => {
    const admins = (await listOperators(db())).filter((o) => o.admin && o.status === 'active');
    expect(admins.map((o) => o.email)).toEqual([DEMO.email]);
    await expect(setOperatorAdmin(db(), ADMIN.id, false, ADMIN)).rejects.toMatchObject({ code: 'LAST_ADMIN', statusCode: 409 });
    await expect(setOperatorStatus(db(), ADMIN.id, 'disabled', ADMIN)).rejects.toMatchObject({ code: 'LAST_ADMIN' });
    const { account } = await createOperator(db(), { email: 'fay@example.com', name: 'Fay', admin: true, password: 'fay password 1' }, ADMIN);
    // Two admins demoting each other at once: one succeeds, the other is refused.
    const results = await Promise.allSettled([setOperatorAdmin(db(), ADMIN.id, false, ADMIN), setOperatorAdmin(db(), account.id, false, ADMIN)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await listOperators(db())).filter((o) => o.admin && o.status === 'active')).toHaveLength(1);
    // Put demo back as the admin for the other tests.
    await setOperatorAdmin(db(), ADMIN.id, true, null);
  });

  it('a reset link ends the sessions and voids the old password until the link is used', async () => {
    const { account } = await createOperator(db(), { email: 'gus@example.com', name: 'Gus', admin: false, password: 'gus password 1' }, ADMIN);
    const token = (await signIn('gus@example.com', 'gus password 1')).json().token as string;
    const link = await issuePasswordToken(db(), account.id, 'reset', ADMIN);
    expect(link.revokedTokenHashes).toHaveLength(1);
    expect((await signIn('gus@example.com', 'gus password 1')).statusCode).toBe(400);
    await consumePasswordToken(db(), link.token, 'gus password 2');
    expect((await signIn('gus@example.com', 'gus password 2')).statusCode).toBe(200);
    expect(token).toBeTruthy();
    expect((await auditOf(account.id))[0]!.after).toMatchObject({ event: 'password set with reset link' });
  });

  it("changing one's own password needs the current one and ends the other sessions", async () => {
    const { account } = await createOperator(db(), { email: 'hal@example.com', name: 'Hal', admin: false, password: 'hal password 1' }, ADMIN);
    const [mine, other] = await Promise.all([1, 2].map(async () => (await signIn('hal@example.com', 'hal password 1')).json().token as string));
    await expect(changeOwnPassword(db(), account.id, 'wrong password', 'hal password 2', mine)).rejects.toMatchObject({ code: 'WRONG_CURRENT_PASSWORD' });
    const { revokedTokenHashes } = await changeOwnPassword(db(), account.id, 'hal password 1', 'hal password 2', mine);
    expect(revokedTokenHashes).toHaveLength(1);
    const left = await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, account.id));
    expect(left).toHaveLength(1);
    expect(other).not.toBe(mine);
    expect((await signIn('hal@example.com', 'hal password 2')).statusCode).toBe(200);
    const [row] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, account.id));
    expect(row!.hash).toMatch(/^scrypt\$/);
  });
});
