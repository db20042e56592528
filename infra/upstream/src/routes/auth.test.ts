import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildUpstream } from '../app';
import { createTestUpstream, DEMO, type TestUpstream } from '../testing';

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await createTestUpstream();
});
afterAll(() => upstream.close());

const authenticate = (payload: unknown) => upstream.app.inject({ method: 'POST', url: '/api/1/authenticate', payload: payload as object });

describe('POST /api/1/authenticate', () => {
  it('returns a token, the user and success', async () => {
    const reply = await authenticate(DEMO);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({ success: true, user: { email: DEMO.email, name: 'Demo Operator' } });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(body.expires_at)).toBeGreaterThan(Date.now());
  });

  it('accepts the email in any case', async () => {
    expect((await authenticate({ ...DEMO, email: 'Demo@Example.COM' })).statusCode).toBe(200);
  });

  it('refuses a wrong password with a message the console shows', async () => {
    const reply = await authenticate({ ...DEMO, password: 'nope' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ message: 'Invalid email or password' });
  });

  it('refuses an unknown email the same way', async () => {
    expect((await authenticate({ email: 'nobody@example.com', password: 'demo' })).json().message).toBe('Invalid email or password');
  });

  it('explains a missing field', async () => {
    const reply = await authenticate({ email: DEMO.email });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe("body must have required property 'password'");
  });

  it('answers 400 for a body that is not JSON', async () => {
    const reply = await upstream.app.inject({ method: 'POST', url: '/api/1/authenticate', headers: { 'content-type': 'application/json' }, payload: '{nope' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/JSON/);
  });

  it('stores only a hash of the password and of the token', async () => {
    const { token } = (await authenticate(DEMO)).json();
    const rows = await upstream.database.db.execute(sql`select u.password_hash, s.token_hash from users u join sessions s on s.user_id = u.id`);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(`${DEMO.password}"`);
    expect(text).not.toContain(token);
    expect(text).toContain('scrypt$');
  });
});

describe('tokens', () => {
  it('are required on every other call', async () => {
    const reply = await upstream.app.inject({ method: 'GET', url: '/api/1/providers' });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({ message: 'Authentication required' });
  });

  it('are refused when made up', async () => {
    const reply = await upstream.app.inject({
      method: 'GET',
      url: '/api/1/providers',
      headers: { authorization: 'Token aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
    });
    expect(reply.statusCode).toBe(401);
  });

  it('tell the session who is calling, in Token and Bearer form', async () => {
    const token = await upstream.login();
    for (const scheme of ['Token', 'Bearer']) {
      const reply = await upstream.app.inject({ method: 'GET', url: '/api/1/session', headers: { authorization: `${scheme} ${token}` } });
      expect(reply.json()).toMatchObject({ user: { email: DEMO.email } });
    }
  });

  it('stop working after logout', async () => {
    const token = await upstream.login();
    const headers = { authorization: `Token ${token}` };
    expect((await upstream.app.inject({ method: 'POST', url: '/api/1/logout', headers })).json()).toEqual({ success: true });
    expect((await upstream.app.inject({ method: 'GET', url: '/api/1/session', headers })).statusCode).toBe(401);
  });
});

describe('expired tokens', () => {
  it('are refused', async () => {
    // A second service on the same database whose tokens live one minute; the clock is moved on
    // instead of waited for, so a slow machine cannot expire the token early.
    const shortLived = await buildUpstream({ database: upstream.database, tokenTtlMs: 60_000 });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { token } = (await shortLived.inject({ method: 'POST', url: '/api/1/authenticate', payload: DEMO })).json();
      const headers = { authorization: `Token ${token}` };
      expect((await shortLived.inject({ method: 'GET', url: '/api/1/session', headers })).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 61_000);
      const reply = await shortLived.inject({ method: 'GET', url: '/api/1/session', headers });
      expect(reply.statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
      await shortLived.close();
    }
  });
});

describe('login throttle behind a shared address (a proxy, a NAT)', () => {
  const login = (email: string, password: string, address: string) =>
    upstream.app.inject({ method: 'POST', url: '/api/1/authenticate', remoteAddress: address, payload: { email, password } });

  it("other people's failures from the same address never refuse a correct password", async () => {
    const address = '198.51.100.77';
    // 20 failures spread over accounts (under each account's own limit) fill the address's limit.
    for (let i = 0; i < 20; i++) expect((await login(`someone${i % 5}-${i}@example.com`, 'wrong-password', address)).statusCode).toBe(400);
    const wrong = await login('another@example.com', 'wrong-password', address);
    expect(wrong.statusCode).toBe(429);
    expect(wrong.json().message).toMatch(
      /^Too many failed login attempts from this network\. Sign in with the right password, or try again in \d+ minutes?\.$/,
    );
    // The right password from the same address still gets in (it was 429 for 5 minutes before).
    const right = await login(DEMO.email, DEMO.password, address);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ success: true });
  }, 60_000);
});
