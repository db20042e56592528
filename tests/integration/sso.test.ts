import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnvironment } from '@odds/ops';
import { createTestUpstream, signInSettings, type TestUpstream } from '@odds/upstream/testing';
import { Agent, followCallback, signInAtProvider } from '../support/oidc-agent';
import { startTestIdp, type TestIdp } from '../support/oidc-idp';
import { freePort } from '../support/processes';
import { loginThrough, startStack, type Stack } from '../support/stack';

/**
 * Sign-in through the company's identity provider against a real OpenID Provider on loopback
 * (tests/support/oidc-idp.ts), through the relay, without a browser: the user agent of
 * tests/support/oidc-agent.ts takes each step, so that a test can forge or replay one.
 */
const USERS = [
  { id: 'ana', email: 'ana@corp.example', name: 'Ana Admin', password: 'ana-pass', groups: ['console-admins'] },
  { id: 'ben', email: 'ben@corp.example', name: 'Ben Editor', password: 'ben-pass', groups: ['console-editors', 'other'] },
  { id: 'cy', email: 'cy@corp.example', name: 'Cy Outsider', password: 'cy-pass', groups: ['other'] },
  { id: 'dee', email: 'dee@corp.example', name: 'Dee Invited', password: 'dee-pass', groups: ['console-editors'] },
];

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const authed = (token: string, init: RequestInit = {}) => ({ ...init, headers: { ...(init.headers as object), authorization: `Token ${token}` } });

describe('sign-in through the identity provider (OpenID Connect)', () => {
  let idp: TestIdp;
  let stack: Stack;
  /** A second console of the same provider: invited accounts only, password sign-in off. */
  let strict: TestUpstream;
  let consoleUrl = '';
  let strictUrl = '';
  let admin = '';

  const complete = async (url: string, ticket: string) => fetch(`${url}/api/1/auth/oidc/complete`, json({ ticket }));
  /** The whole sign-in of one user at `url`: the token, or the refusal's code. */
  const signIn = async (url: string, login: string, password: string) => {
    const agent = new Agent();
    const { ticket, error } = await followCallback(agent, await signInAtProvider(agent, url, login, password));
    if (!ticket) return { error };
    const reply = await complete(url, ticket);
    expect(reply.status).toBe(200);
    return { token: ((await reply.json()) as { token: string }).token };
  };
  const session = async (url: string, token: string) => fetch(`${url}/api/1/session`, authed(token));
  const userId = async (email: string) =>
    (
      (await stack.upstream.database.db.execute(sql`select id, admin, status from users where email = ${email}`)) as unknown as {
        rows: { id: number; admin: boolean }[];
      }
    ).rows[0];

  beforeAll(async () => {
    const [port, strictPort] = [await freePort(), await freePort()];
    consoleUrl = `http://127.0.0.1:${port}`;
    strictUrl = `http://127.0.0.1:${strictPort}`;
    idp = await startTestIdp({ consoles: [consoleUrl, strictUrl], users: USERS });
    const oidcEnv = {
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_SCOPES: 'openid email profile groups',
    };
    stack = await startStack(
      { signIn: signInSettings(readEnvironment('api', { ...oidcEnv, OIDC_DISPLAY_NAME: 'Corp SSO', OIDC_ACCOUNTS: 'just-in-time' }), consoleUrl) },
      port,
    );
    strict = await createTestUpstream({ signIn: signInSettings(readEnvironment('api', { ...oidcEnv, PASSWORD_SIGN_IN: 'off' }), strictUrl) });
    await strict.app.listen({ port: strictPort, host: '127.0.0.1' });
    admin = await loginThrough(consoleUrl);
    for (const [group, role] of [
      ['console-admins', 'admin'],
      ['console-editors', 'editor'],
    ]) {
      const created = await fetch(`${consoleUrl}/api/1/sso/groups`, authed(admin, json({ group, role, provider_ids: null })));
      expect(created.status, await created.clone().text()).toBe(200);
    }
    // The strict console's mapping is written in its own database (no password admin can sign in there).
    await strict.database.db.execute(sql`insert into sso_group_grants (group_name, role) values ('console-editors', 'editor')`);
  }, 240_000);

  afterAll(async () => {
    await stack?.close();
    await strict?.close();
    await idp?.close();
  });

  it('tells the login screen how this console signs in', async () => {
    expect(await (await fetch(`${consoleUrl}/api/1/auth/methods`)).json()).toEqual({ password: true, sso: { name: 'Corp SSO' } });
    expect(await (await fetch(`${strictUrl}/api/1/auth/methods`)).json()).toEqual({ password: false, sso: { name: 'single sign-on' } });
  });

  it('creates the account at the first sign-in (just in time) with the role of its group, a session like a password login', async () => {
    const { token } = await signIn(consoleUrl, 'ana', 'ana-pass');
    const reply = (await (await session(consoleUrl, token!)).json()) as { user: { email: string; name: string; admin: boolean } };
    expect(reply.user).toMatchObject({ email: 'ana@corp.example', name: 'Ana Admin', admin: true });
    const sessions = (await (await fetch(`${consoleUrl}/api/1/sessions`, authed(token!))).json()) as {
      results: { current: boolean; address: string | null }[];
    };
    expect(sessions.results).toEqual([expect.objectContaining({ current: true, address: '127.0.0.1' })]);
    const history = (await (
      await fetch(`${consoleUrl}/api/1/audit?entity=account&entity_id=${(await userId('ana@corp.example'))!.id}`, authed(admin))
    ).json()) as {
      results: { action: string; after: { event?: string } }[];
    };
    expect(history.results.map((row) => row.after.event)).toContain('created at first sign-in through the identity provider');
  });

  it('sends the browser back to the page it started from, and says when it started in a window of its own (the sign-in dialog)', async () => {
    const agent = new Agent();
    const { location, ticket } = await followCallback(agent, await signInAtProvider(agent, consoleUrl, 'ana', 'ana-pass', '?next=%2Fleague%2F9&window=1'));
    expect(location.split('#')[0]).toBe('/login?next=%2Fleague%2F9&window=1');
    expect(ticket).toBeTruthy();
    const plain = new Agent();
    expect((await followCallback(plain, await signInAtProvider(plain, consoleUrl, 'ana', 'ana-pass', '?next=%2Fleague%2F9'))).location.split('#')[0]).toBe(
      '/login?next=%2Fleague%2F9',
    );
  });

  it('gives each sign-in what the groups grant now: a user removed from the admins group is no longer admin', async () => {
    const first = await signIn(consoleUrl, 'ben', 'ben-pass');
    expect(((await (await session(consoleUrl, first.token!)).json()) as { user: { admin: boolean } }).user.admin).toBe(false);
    idp.setGroups('ben', ['console-admins']);
    const promoted = await signIn(consoleUrl, 'ben', 'ben-pass');
    expect(((await (await session(consoleUrl, promoted.token!)).json()) as { user: { admin: boolean } }).user.admin).toBe(true);
    idp.setGroups('ben', ['console-editors']);
    const demoted = await signIn(consoleUrl, 'ben', 'ben-pass');
    expect(((await (await session(consoleUrl, demoted.token!)).json()) as { user: { admin: boolean } }).user.admin).toBe(false);
    // The account's earlier session reads the account afresh: no admin left behind in a cache.
    expect(((await (await session(consoleUrl, promoted.token!)).json()) as { user: { admin: boolean } }).user.admin).toBe(false);
    expect((await fetch(`${consoleUrl}/api/1/operators`, authed(promoted.token!))).status).toBe(403);
  });

  it('creates one account when the first two sign-ins of a new user race', async () => {
    idp.users.set('eve', { id: 'eve', email: 'eve@corp.example', name: 'Eve Twice', password: 'eve-pass', groups: ['console-editors'] });
    const [desk, laptop] = [new Agent(), new Agent()];
    const callbacks = await Promise.all([signInAtProvider(desk, consoleUrl, 'eve', 'eve-pass'), signInAtProvider(laptop, consoleUrl, 'eve', 'eve-pass')]);
    const [a, b] = await Promise.all([followCallback(desk, callbacks[0]), followCallback(laptop, callbacks[1])]);
    expect([a.ticket, b.ticket].every(Boolean), JSON.stringify([a, b])).toBe(true);
    const rows = (await stack.upstream.database.db.execute(sql`select count(*)::int as n from users where email = 'eve@corp.example'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('refuses a user in none of the mapped groups, and creates no account', async () => {
    expect(await signIn(consoleUrl, 'cy', 'cy-pass')).toEqual({ error: 'no_access' });
    expect(await userId('cy@corp.example')).toBeUndefined();
  });

  it('refuses a callback this browser did not start, one with a forged state, and a replayed one', async () => {
    const agent = new Agent();
    const callback = await signInAtProvider(agent, consoleUrl, 'ana', 'ana-pass');
    // Another browser (no cookie of this sign-in): a login CSRF, refused.
    expect((await followCallback(new Agent(), callback)).error).toBe('state');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'A'.repeat(43));
    expect((await followCallback(agent, forged.href)).error).toBe('state');
    // Neither took the sign-in: the real callback still completes, once.
    const { ticket } = await followCallback(agent, callback);
    expect(ticket).toBeTruthy();
    expect((await followCallback(agent, callback)).error).toBe('state');
  });

  it("refuses a code replayed into another sign-in (the provider's single use and PKCE), and a wrong nonce", async () => {
    const first = new Agent();
    const used = new URL(await signInAtProvider(first, consoleUrl, 'ana', 'ana-pass'));
    expect((await followCallback(first, used.href)).ticket).toBeTruthy();
    // A second sign-in of the same browser, its callback carrying the first one's code.
    const replay = new URL(await signInAtProvider(first, consoleUrl, 'ana', 'ana-pass'));
    replay.searchParams.set('code', used.searchParams.get('code')!);
    expect((await followCallback(first, replay.href)).error).toBe('code');
    // An ID token issued for another sign-in: the nonce kept for this one is not the token's.
    const agent = new Agent();
    const callback = await signInAtProvider(agent, consoleUrl, 'ana', 'ana-pass');
    await stack.upstream.database.db.execute(sql`update sso_flows set nonce = 'another-sign-in'`);
    expect((await followCallback(agent, callback)).error).toBe('nonce');
  });

  it('trades a ticket for one session only, even when two trades race', async () => {
    const agent = new Agent();
    const { ticket } = await followCallback(agent, await signInAtProvider(agent, consoleUrl, 'dee', 'dee-pass'));
    const replies = await Promise.all([complete(consoleUrl, ticket!), complete(consoleUrl, ticket!)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
    const refused = replies.find((reply) => reply.status === 400)!;
    expect(((await refused.json()) as { message: string }).message).toBe('This sign-in has expired or was already used: sign in again.');
  });

  it('signs out of the console and hands the browser to the provider to end its session there (RP-initiated logout)', async () => {
    const agent = new Agent();
    const { ticket } = await followCallback(agent, await signInAtProvider(agent, consoleUrl, 'ana', 'ana-pass'));
    const { token } = (await (await complete(consoleUrl, ticket!)).json()) as { token: string };
    const out = (await (await fetch(`${consoleUrl}/api/1/logout`, authed(token, { method: 'POST' }))).json()) as { success: boolean; end_session_url?: string };
    expect((await session(consoleUrl, token)).status).toBe(401);
    const end = new URL(out.end_session_url!);
    expect(end.origin).toBe(idp.issuer);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${consoleUrl}/login`);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    // A password session has none.
    const password = await loginThrough(consoleUrl);
    expect(await (await fetch(`${consoleUrl}/api/1/logout`, authed(password, { method: 'POST' }))).json()).toEqual({ success: true });
  });

  it('with OIDC_ACCOUNTS=invited, signs in only accounts invited by email, and activates them', async () => {
    expect(await signIn(strictUrl, 'dee', 'dee-pass')).toEqual({ error: 'not_invited' });
    await strict.database.db.execute(sql`insert into users (email, name, password_hash, status) values ('DEE@corp.example', 'Dee', 'none', 'pending')`);
    const { token } = await signIn(strictUrl, 'dee', 'dee-pass');
    expect(((await (await session(strictUrl, token!)).json()) as { user: { email: string } }).user.email).toBe('DEE@corp.example');
  });

  it('with PASSWORD_SIGN_IN=off, refuses every password route with a 403 saying how to sign in', async () => {
    const login = await fetch(`${strictUrl}/api/1/authenticate`, json({ email: 'demo@example.com', password: 'demo' }));
    expect(login.status).toBe(403);
    expect(((await login.json()) as { message: string }).message).toBe('Password sign-in is turned off for this console: sign in with single sign-on.');
    expect((await fetch(`${strictUrl}/api/1/password/set`, json({ token: 'x'.repeat(43), password: 'a quiet harbour at dawn' }))).status).toBe(403);
  });
});
