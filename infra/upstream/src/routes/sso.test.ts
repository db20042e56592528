import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readEnvironment } from '@odds/ops';
import { routes } from '@odds/protocol';
import { SsoFlows } from '../auth/oidc/flows';
import { signInSettings } from '../auth/oidc/settings';
import { createTestUpstream, type TestUpstream } from '../testing';

/**
 * The sign-in routes of the identity provider without one answering (the whole flow against a real
 * provider: tests/integration/sso.test.ts, tests/e2e/sso.test.ts): what the login screen is told,
 * a provider out of reach, a callback naming no sign-in, and the ticket's single use.
 */
let upstream: TestUpstream;

beforeAll(async () => {
  // Nothing listens on port 9 of loopback: discovery fails at once.
  const signIn = signInSettings(
    readEnvironment('api', { OIDC_ISSUER_URL: 'https://127.0.0.1:9/', OIDC_CLIENT_ID: 'odds', OIDC_DISPLAY_NAME: 'Corp SSO' }),
    'https://console.example',
  );
  upstream = await createTestUpstream({ signIn });
});
afterAll(async () => upstream.close());

describe('sign-in through the identity provider', () => {
  it('tells the login screen the ways in', async () => {
    const reply = await upstream.app.inject({ method: 'GET', url: routes.authMethods.path });
    expect(reply.json()).toEqual({ password: true, sso: { name: 'Corp SSO' } });
  });

  it('sends the browser back to the login screen when the provider cannot be reached', async () => {
    const reply = await upstream.app.inject({ method: 'GET', url: `${routes.ssoStart.path}?next=/league/9` });
    expect(reply.statusCode).toBe(302);
    expect(reply.headers.location).toBe('/login#sso_error=unavailable');
  });

  it('refuses a start whose window flag is not 1 with a 400 that says so', async () => {
    const reply = await upstream.app.inject({ method: 'GET', url: `${routes.ssoStart.path}?next=/league/9&window=yes` });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/window/);
  });

  it('refuses a callback that names no sign-in of this browser, leaving nothing cached', async () => {
    const reply = await upstream.app.inject({
      method: 'GET',
      url: `${routes.ssoCallback.path}?code=abc&state=${'A'.repeat(43)}`,
      headers: { cookie: 'odds_sso=x' },
    });
    expect([reply.statusCode, reply.headers.location, reply.headers['cache-control']]).toEqual([302, '/login#sso_error=state', 'no-store']);
  });

  it("trades a ticket once for a session like a password login's; a used or unknown one is refused in words", async () => {
    const [{ id }] = ((await upstream.database.db.execute(sql`select id from users where email = 'demo@example.com'`)) as unknown as { rows: { id: number }[] })
      .rows;
    const ticket = await new SsoFlows(upstream.database.db).ticket(id!, 'an.id.token');
    const complete = () =>
      upstream.app.inject({ method: 'POST', url: routes.ssoComplete.path, payload: { ticket }, headers: { 'user-agent': 'Corp Browser' } });
    const first = await complete();
    expect(first.statusCode, first.body).toBe(200);
    const { token, user } = first.json<{ token: string; user: { email: string } }>();
    expect(user.email).toBe('demo@example.com');
    const sessions = await upstream.app.inject({ method: 'GET', url: routes.mySessions.path, headers: { authorization: `Token ${token}` } });
    expect(sessions.json<{ results: { current: boolean; user_agent: string }[] }>().results.find((s) => s.current)).toMatchObject({
      user_agent: 'Corp Browser',
    });
    const again = await complete();
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([400, 'This sign-in has expired or was already used: sign in again.']);
  });
});
