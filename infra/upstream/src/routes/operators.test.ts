import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildPath,
  FORBIDDEN_MESSAGE,
  routes,
  type AuditEntry,
  type AuthReply,
  type ChangeNotice,
  type ListReply,
  type Operator,
  type OperatorLinkReply,
  type RouteDef,
  type SessionReply,
} from '@odds/protocol';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let admin: Record<string, string>;
let notices: ChangeNotice[];
let stopListening: () => void;
let sequence = 0;

beforeAll(async () => {
  upstream = await createTestUpstream();
  admin = as(await upstream.login());
  stopListening = upstream.app.engine.bus.subscribe((notice) => notices.push(notice));
});
afterAll(async () => {
  stopListening();
  await upstream.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const as = (token: string) => ({ authorization: `Token ${token}` });
function call(headers: Record<string, string>, route: RouteDef, params: Record<string, number> = {}, payload?: object) {
  return upstream.app.inject({ method: route.method, url: buildPath(route, params), headers, ...(payload && { payload }) });
}
const tokenOf = (link: OperatorLinkReply['link']) => new URLSearchParams(link.path.split('#')[1]).get('token')!;
const STRONG = 'a quiet harbour at dawn';

/** Invites someone new; returns the reply (the link's token in its path). */
async function invite(over: { admin?: boolean } = {}): Promise<OperatorLinkReply> {
  sequence += 1;
  const reply = await call(
    admin,
    routes.operatorInvite,
    {},
    { email: `new${sequence}@example.com`, name: `New Operator ${sequence}`, admin: over.admin ?? false },
  );
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<OperatorLinkReply>();
}
/** Invites someone and signs them in through their link: their operator record and a session token. */
async function invited(): Promise<{ operator: Operator; token: string }> {
  const { operator, link } = await invite();
  const set = await call({}, routes.passwordSet, {}, { token: tokenOf(link), password: STRONG });
  expect(set.statusCode, set.body).toBe(200);
  return { operator, token: set.json<AuthReply>().token };
}
const signIn = (email: string, password: string) => call({}, routes.authenticate, {}, { email, password });

describe('operator accounts (admins only)', () => {
  it('invites by email: a pending account, a one-time link for 72 hours in the address fragment, listed with who created it', async () => {
    const { operator, link } = await invite();
    expect(operator).toMatchObject({ status: 'pending', admin: false, created_by_name: 'Demo Operator', last_sign_in_at: null });
    expect(link.path).toMatch(/^\/set-password#token=[A-Za-z0-9_-]{43}$/);
    expect(link.mailed).toBe(false);
    const hours = (Date.parse(link.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const list = (await call(admin, routes.operators)).json<ListReply<Operator>>();
    expect(list.results.find((o) => o.id === operator.id)).toMatchObject({ email: operator.email, status: 'pending' });
    expect(list.results.find((o) => o.email === 'demo@example.com')).toMatchObject({ admin: true, status: 'active' });
  });

  it('refuses a second account with the same email, with a message that says so', async () => {
    const { operator } = await invite();
    const again = await call(admin, routes.operatorInvite, {}, { email: operator.email.toUpperCase(), name: 'Twice', admin: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`An operator with the email ${operator.email.toUpperCase()} already exists`);
  });

  it("gives a non-admin 403 with the spec's message on every account route, and on creating or revoking a wall display", async () => {
    const { operator } = await invite();
    const ops = as(await upstream.login(OPS));
    expect((await call(ops, routes.session)).json<SessionReply>().user.admin).toBe(false);
    const refused: [RouteDef, Record<string, number>, object | undefined][] = [
      [routes.operators, {}, undefined],
      [routes.operatorInvite, {}, { email: 'x@example.com', name: 'X', admin: true }],
      [routes.operatorStatus, { operatorId: operator.id }, { status: 'disabled' }],
      [routes.operatorAdmin, { operatorId: operator.id }, { admin: true }],
      [routes.operatorResetPassword, { operatorId: operator.id }, undefined],
      [routes.displayCreate, {}, { name: 'Wall', match_ids: [1], league_id: null, market_id: null, theme: 'dark' }],
      [routes.displayRevoke, { displayId: 1 }, undefined],
    ];
    for (const [route, params, body] of refused) {
      const reply = await call(ops, route, params, body);
      expect(reply.statusCode, route.path).toBe(403);
      expect(reply.json().message).toBe(FORBIDDEN_MESSAGE);
      expect((await call({}, route, params, body)).statusCode, route.path).toBe(401);
    }
    // Nothing was changed by the refused calls.
    expect((await call(admin, routes.operators)).json<ListReply<Operator>>().results.find((o) => o.id === operator.id)).toMatchObject({
      status: 'pending',
      admin: false,
    });
    expect((await call(admin, routes.session)).json<SessionReply>().user.admin).toBe(true);
  });
});

describe('the set-password link', () => {
  it('sets the password and signs in; the account is active and its sign-in recorded', async () => {
    const { operator, token } = await invited();
    const session = (await call(as(token), routes.session)).json<SessionReply>();
    expect(session.user).toMatchObject({ id: operator.id, email: operator.email, admin: false });
    const listed = (await call(admin, routes.operators)).json<ListReply<Operator>>().results.find((o) => o.id === operator.id)!;
    expect(listed.status).toBe('active');
    expect(listed.last_sign_in_at).not.toBeNull();
    expect((await signIn(operator.email, STRONG)).statusCode).toBe(200);
  });

  it('refuses a password too short, or among the 10,000 most common, and keeps the link for another try', async () => {
    const { link } = await invite();
    const short = await call({}, routes.passwordSet, {}, { token: tokenOf(link), password: 'short one' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Choose a password of at least 12 characters.');
    const common = await call({}, routes.passwordSet, {}, { token: tokenOf(link), password: 'Unbelievable' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe('This password is among the 10,000 most common ones: choose another.');
    expect((await call({}, routes.passwordSet, {}, { token: tokenOf(link), password: STRONG })).statusCode).toBe(200);
  });

  it('works once: a reused link gets a plain message', async () => {
    const { link } = await invite();
    expect((await call({}, routes.passwordSet, {}, { token: tokenOf(link), password: STRONG })).statusCode).toBe(200);
    const reused = await call({}, routes.passwordSet, {}, { token: tokenOf(link), password: 'another quiet harbour' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This link is invalid, expired or already used. Ask an admin for a new one.');
    const unknown = await call({}, routes.passwordSet, {}, { token: 'x'.repeat(43), password: STRONG });
    expect(unknown.json().message).toBe('This link is invalid, expired or already used. Ask an admin for a new one.');
  });

  it('expires after 72 hours (the clock moved on)', async () => {
    const { operator, link } = await invite();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 72 * 3_600_000 + 60_000 });
    const late = await call({}, routes.passwordSet, {}, { token: tokenOf(link), password: STRONG });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('This link is invalid, expired or already used. Ask an admin for a new one.');
    vi.useRealTimers();
    expect((await call(admin, routes.operators)).json<ListReply<Operator>>().results.find((o) => o.id === operator.id)!.status).toBe('pending');
  });
});

describe('disable, enable, reset, admin', () => {
  it('disabling ends the sessions at once (announced as disabled), refuses sign-in like a wrong password; enabling lets them back', async () => {
    const { operator, token } = await invited();
    expect((await call(as(token), routes.session)).statusCode).toBe(200);
    notices = [];
    const disabled = await call(admin, routes.operatorStatus, { operatorId: operator.id }, { status: 'disabled' });
    expect(disabled.json<Operator>().status).toBe('disabled');
    expect(notices.find((n) => n.revoked_tokens?.length)).toMatchObject({
      match_id: 0,
      revoked_reason: 'disabled',
      revoked_tokens: [expect.stringMatching(/^[0-9a-f]{64}$/)],
    });
    // No cached session lets a call through after the reply.
    expect((await call(as(token), routes.session)).statusCode).toBe(401);
    const refused = await signIn(operator.email, STRONG);
    const wrong = await signIn(operator.email, 'not the password at all');
    expect(refused.statusCode).toBe(wrong.statusCode);
    expect(refused.json().message).toBe(wrong.json().message);
    expect((await call(admin, routes.operatorStatus, { operatorId: operator.id }, { status: 'active' })).json<Operator>().status).toBe('active');
    expect((await signIn(operator.email, STRONG)).statusCode).toBe(200);
  });

  it('throttles failed sign-ins of an invited account like any other', async () => {
    const { operator } = await invited();
    for (let i = 0; i < 5; i++) expect((await signIn(operator.email, `wrong guess number ${i}`)).statusCode).toBe(400);
    const throttled = await signIn(operator.email, STRONG);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toMatch(/^Too many failed login attempts\. Try again in \d+ minutes?\.$/);
  });

  it('a reset ends the old sessions (announced as a password change) and gives a new one-time link', async () => {
    const { operator, token } = await invited();
    notices = [];
    const reset = await call(admin, routes.operatorResetPassword, { operatorId: operator.id });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(notices.find((n) => n.revoked_tokens?.length)?.revoked_reason).toBe('password');
    expect((await call(as(token), routes.session)).statusCode).toBe(401);
    expect((await signIn(operator.email, STRONG)).statusCode).toBe(400);
    const link = reset.json<OperatorLinkReply>().link;
    expect((await call({}, routes.passwordSet, {}, { token: tokenOf(link), password: 'a brand new harbour' })).statusCode).toBe(200);
  });

  it('makes and removes admins, never leaving the team without one', async () => {
    const { operator, token } = await invited();
    expect((await call(admin, routes.operatorAdmin, { operatorId: operator.id }, { admin: true })).json<Operator>().admin).toBe(true);
    expect((await call(as(token), routes.operators)).statusCode).toBe(200);
    expect((await call(admin, routes.operatorAdmin, { operatorId: operator.id }, { admin: false })).json<Operator>().admin).toBe(false);
    // Their cached session lost the flag with the change.
    expect((await call(as(token), routes.operators)).statusCode).toBe(403);
    const demoId = (await call(admin, routes.session)).json<SessionReply>().user.id;
    const admins = (await call(admin, routes.operators)).json<ListReply<Operator>>().results.filter((o) => o.admin && o.status === 'active');
    expect(admins.map((o) => o.id)).toEqual([demoId]);
    for (const [route, body] of [
      [routes.operatorAdmin, { admin: false }],
      [routes.operatorStatus, { status: 'disabled' }],
    ] as const) {
      const last = await call(admin, route, { operatorId: demoId }, body);
      expect(last.statusCode).toBe(409);
      expect(last.json().message).toBe('The team must keep at least one active admin: make another operator admin first');
    }
    expect((await call(admin, routes.session)).json<SessionReply>().user.admin).toBe(true);
  });

  it("keeps every change on the operator's history, by whom, never with a password hash", async () => {
    const { operator } = await invited();
    await call(admin, routes.operatorStatus, { operatorId: operator.id }, { status: 'disabled' });
    await call(admin, routes.operatorStatus, { operatorId: operator.id }, { status: 'active' });
    const history = await upstream.app.inject({ method: 'GET', url: `/api/1/audit?entity=account&entity_id=${operator.id}`, headers: admin });
    const entries = history.json<ListReply<AuditEntry>>().results;
    expect(entries.map((e) => [e.actor.name, e.action, (e.after as { status: string }).status])).toEqual([
      ['Demo Operator', 'update', 'active'],
      ['Demo Operator', 'update', 'disabled'],
      [operator.name, 'update', 'active'],
      ['Demo Operator', 'create', 'pending'],
    ]);
    expect(history.body).not.toContain('scrypt$');
  });

  it("shows accounts' history to admins only: a non-admin gets 403 for it and finds none of it among the rest", async () => {
    const { operator, token } = await invited();
    const asked = await upstream.app.inject({ method: 'GET', url: `/api/1/audit?entity=account&entity_id=${operator.id}`, headers: as(token) });
    expect(asked.statusCode).toBe(403);
    expect(asked.json().message).toBe(FORBIDDEN_MESSAGE);
    const everything = await upstream.app.inject({ method: 'GET', url: '/api/1/audit?limit=100', headers: as(token) });
    expect(everything.statusCode).toBe(200);
    expect(everything.json<ListReply<AuditEntry>>().results.some((e) => e.entity === 'account')).toBe(false);
    const byActor = await upstream.app.inject({ method: 'GET', url: `/api/1/audit?actor_id=${operator.id}`, headers: as(token) });
    expect(byActor.json<ListReply<AuditEntry>>().results.some((e) => e.entity === 'account')).toBe(false);
    const forAdmin = await upstream.app.inject({ method: 'GET', url: '/api/1/audit?limit=100', headers: admin });
    expect(forAdmin.json<ListReply<AuditEntry>>().results.some((e) => e.entity === 'account')).toBe(true);
  });
});

describe('change my password', () => {
  it('needs the current password; ends my other sessions and keeps this one', async () => {
    const { operator, token } = await invited();
    const other = (await signIn(operator.email, STRONG)).json<AuthReply>().token;
    const wrong = await call(as(token), routes.passwordChange, {}, { current_password: 'not my password', new_password: 'a harbour at dusk' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The current password is not right');
    const common = await call(as(token), routes.passwordChange, {}, { current_password: STRONG, new_password: 'unbelievable' });
    expect(common.json().message).toBe('This password is among the 10,000 most common ones: choose another.');
    notices = [];
    const changed = await call(as(token), routes.passwordChange, {}, { current_password: STRONG, new_password: 'a harbour at dusk' });
    expect(changed.json()).toEqual({ success: true });
    expect(notices.find((n) => n.revoked_tokens?.length)?.revoked_reason).toBe('password');
    expect((await call(as(token), routes.session)).statusCode).toBe(200);
    expect((await call(as(other), routes.session)).statusCode).toBe(401);
    expect((await signIn(operator.email, 'a harbour at dusk')).statusCode).toBe(200);
  });
});

describe('set-password throttle: per link, never per address alone', () => {
  it('refuses bad links from a busy address, yet takes a valid link from that address at once', async () => {
    const network = { 'x-forwarded-for': '203.0.113.7' };
    const answers: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const bad = await call(network, routes.passwordSet, {}, { token: `${'y'.repeat(40)}${String(i).padStart(3, '0')}`, password: STRONG });
      answers.push(bad.statusCode);
    }
    expect(answers.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(answers.slice(20).every((status) => status === 429)).toBe(true);
    const { link } = await invite();
    const valid = await call(network, routes.passwordSet, {}, { token: tokenOf(link), password: STRONG });
    expect(valid.statusCode, valid.body).toBe(200);
    const worn = await call(network, routes.passwordSet, {}, { token: 'z'.repeat(43), password: STRONG });
    expect(worn.statusCode).toBe(429);
    expect(worn.json().message).toMatch(/^Too many failed login attempts from this network\./);
  });

  it('locks one link after five refused tries, whatever the address', async () => {
    const { link } = await invite();
    for (let i = 0; i < 5; i += 1) {
      const weak = await call({ 'x-forwarded-for': `198.51.100.${i}` }, routes.passwordSet, {}, { token: tokenOf(link), password: 'passwordpassword' });
      expect(weak.statusCode).toBe(400);
    }
    const locked = await call({ 'x-forwarded-for': '198.51.100.99' }, routes.passwordSet, {}, { token: tokenOf(link), password: STRONG });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many failed login attempts\. Try again in /);
  });
});
