import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnvironment } from '@odds/ops';
import { createTestUpstream, signInSettings, type TestUpstream } from '@odds/upstream/testing';
import { buildRelay, type Relay } from '@odds/relay';
import { fileURLToPath } from 'node:url';
import { seriousViolations } from '../support/axe';
import { animationsDone, browserUnavailable, launchBrowser, screenshotPath } from '../support/browser';
import { startTestIdp, type TestIdp } from '../support/oidc-idp';
import { freePort } from '../support/processes';
import { loginThrough, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/**
 * Sign-in through the company's identity provider in Chromium, against a real OpenID Provider on
 * loopback (tests/support/oidc-idp.ts): the login screen's "Sign in with Corp SSO", the provider's
 * own login page, back to the console signed in; a first sign-in creates the account (just in
 * time) with its group's role; a user removed from the admins group is no longer admin at their
 * next sign-in; signing out ends the provider's session too; a forged callback is refused on the
 * login screen; a deployment without password sign-in shows only the provider.
 */
describe.skipIf(unavailable)('sign-in through the identity provider in Chromium', () => {
  let idp: TestIdp;
  let stack: Stack;
  let strict: { upstream: TestUpstream; relay: Relay; url: string };
  let browser: Browser;

  const fresh = async () => {
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    page.setDefaultTimeout(20_000);
    return page;
  };
  /** From the console's login screen through the provider's login page, back to the console. */
  const signIn = async (page: Page, url: string, login: string, password: string) => {
    await page.goto(`${url}/login`);
    await page.getByRole('link', { name: 'Sign in with Corp SSO' }).click();
    await page.getByLabel('Username').fill(login);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  const settingsItems = async (page: Page) => {
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.locator('#settings-menu').waitFor();
    return page.locator('#settings-menu').getByRole('menuitem').allTextContents();
  };

  beforeAll(async () => {
    const [port, strictPort] = [await freePort(), await freePort()];
    const [consoleUrl, strictUrl] = [`http://127.0.0.1:${port}`, `http://127.0.0.1:${strictPort}`];
    idp = await startTestIdp({
      consoles: [consoleUrl, strictUrl],
      // The provider on another host name than the console: its cookies and the console's are apart, as in a deployment.
      host: 'localhost',
      users: [
        { id: 'ana', email: 'ana@corp.example', name: 'Ana Admin', password: 'ana-pass', groups: ['console-admins'] },
        { id: 'ben', email: 'ben@corp.example', name: 'Ben Editor', password: 'ben-pass', groups: ['console-editors'] },
      ],
    });
    const oidcEnv = {
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_SCOPES: 'openid email profile groups',
      OIDC_DISPLAY_NAME: 'Corp SSO',
    };
    [stack, browser] = await Promise.all([
      startStack({ signIn: signInSettings(readEnvironment('api', { ...oidcEnv, OIDC_ACCOUNTS: 'just-in-time' }), consoleUrl) }, port),
      launchBrowser(),
    ]);
    const upstream = await createTestUpstream({ signIn: signInSettings(readEnvironment('api', { ...oidcEnv, PASSWORD_SIGN_IN: 'off' }), strictUrl) });
    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    const address = upstream.app.server.address() as { port: number };
    const relay = await buildRelay({
      upstreamUrl: `http://127.0.0.1:${address.port}`,
      clientDir: fileURLToPath(new URL('../../client/dist', import.meta.url)),
    });
    await relay.app.listen({ port: strictPort, host: '127.0.0.1' });
    strict = { upstream, relay, url: strictUrl };
    const admin = await loginThrough(consoleUrl);
    for (const [group, role] of [
      ['console-admins', 'admin'],
      ['console-editors', 'editor'],
    ]) {
      const reply = await fetch(`${consoleUrl}/api/1/sso/groups`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Token ${admin}` },
        body: JSON.stringify({ group, role, provider_ids: null }),
      });
      expect(reply.status).toBe(200);
    }
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await strict?.relay.app.close();
    await strict?.upstream.close();
    await idp?.close();
  }, 120_000);

  it('signs a new user in through the provider: the account is created with its group’s role (admin)', async () => {
    const page = await fresh();
    await signIn(page, stack.url, 'ana', 'ana-pass');
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(await settingsItems(page)).toContain('Operators');
    await page.getByRole('menuitem', { name: 'Operators' }).click();
    // The admin's mapping of the provider's groups, on the Operators screen.
    const groups = page.getByRole('table', { name: 'Identity provider groups' });
    await groups.getByRole('row').filter({ hasText: 'console-admins' }).waitFor();
    // The operators table is its own read: wait for it rather than count what has rendered so far.
    const ana = page.getByRole('row').filter({ hasText: 'ana@corp.example' });
    await ana.first().waitFor();
    expect(await ana.count()).toBe(1);
    await groups.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await page.screenshot({ path: screenshotPath('sso-operators-groups.png') });
    await page.context().close();
  }, 90_000);

  it('takes admin away at the next sign-in of a user removed from the admins group', async () => {
    idp.setGroups('ana', ['console-editors']);
    const page = await fresh();
    await signIn(page, stack.url, 'ana', 'ana-pass');
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(await settingsItems(page)).not.toContain('Operators');
    await page.context().close();
  }, 90_000);

  it('signs out of the console and of the provider (RP-initiated logout), back on the login screen', async () => {
    const page = await fresh();
    await signIn(page, stack.url, 'ben', 'ben-pass');
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await settingsItems(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.getByRole('link', { name: 'Sign in with Corp SSO' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The provider's session ended too: the next sign-in asks for the password again.
    await page.getByRole('link', { name: 'Sign in with Corp SSO' }).click();
    await page.getByLabel('Username').waitFor();
    await page.context().close();
  }, 90_000);

  it('signs in again through the provider in a window of its own when the session ends, and the page carries on', async () => {
    const page = await fresh();
    await signIn(page, stack.url, 'ben', 'ben-pass');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Leagues' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'World Cup Classics' }).count()).toBeGreaterThan(0);
    const before = await page.evaluate(() => localStorage.getItem('token'));
    // The session ends on the server (a revocation during a shift); the page's next read is refused.
    expect(
      await page.evaluate(async (token) => (await fetch('/api/1/logout', { method: 'POST', headers: { Authorization: `Token ${token}` } })).status, before),
    ).toBe(200);
    await page.evaluate(() => {
      history.pushState(null, '', '/matches');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('form', { name: 'Sign in again' }) });
    const sso = dialog.getByRole('button', { name: 'Sign in with Corp SSO' });
    await sso.waitFor();
    await animationsDone(page);
    await page.screenshot({ path: screenshotPath('sso-sign-in-again.png') });
    const [popup] = await Promise.all([page.waitForEvent('popup'), sso.click()]);
    // The provider's own session is still open in this browser: it answers at once, without its
    // login page. The window stores the new session and closes; the console resumes on it, on the same page.
    if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 20_000 });
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Argentina' }).count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/matches');
    const after = await page.evaluate(() => localStorage.getItem('token'));
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    await page.context().close();
  }, 90_000);

  it('refuses a forged callback on the login screen, in its own words', async () => {
    const page = await fresh();
    await page.goto(`${stack.url}/api/1/auth/oidc/callback?code=forged&state=${'A'.repeat(43)}`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('This sign-in was not started from this browser, or it took too long. Start again with the sign-in button.');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.context().close();
  }, 90_000);

  it('shows only the provider where password sign-in is off', async () => {
    const page = await fresh();
    await page.goto(`${strict.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Corp SSO' }).waitFor();
    expect(await page.getByLabel('Email').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await animationsDone(page);
    await page.screenshot({ path: screenshotPath('sso-login-only.png') });
    await page.context().close();
  }, 90_000);
});
