import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserUnavailable, launchBrowser, openConsole, screenshotPath } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/** Ends the page's session on the server, as an expiry or a revocation during a shift would. */
async function revokeSession(page: Page): Promise<void> {
  const status = await page.evaluate(async () => {
    const token = localStorage.getItem('token');
    const reply = await fetch('/api/1/logout', { method: 'POST', headers: { Authorization: `Token ${token}` } });
    return reply.status;
  });
  expect(status).toBe(200);
}

async function signInAgain(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await dialog.waitFor();
  await dialog.getByLabel('Password').fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.skipIf(unavailable)('a session that ends while the console is open (Chromium)', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    page = await openConsole(browser, stack.url, DEMO.email, DEMO.password);
    errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('asks to sign in over a list instead of showing it empty, then shows its rows', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Leagues' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'World Cup Classics' }).count()).toBeGreaterThan(0);
    await revokeSession(page);
    // Within the app, as a menu click does (the dialog may already be up: something on the page polled).
    await page.evaluate(() => {
      history.pushState(null, '', '/matches');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('dialog', { name: 'Your session has ended' }).waitFor();
    expect(await page.getByText('0–0 of 0').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('e2e-sign-in-dialog.png') });
    await signInAgain(page);
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Argentina' }).count()).toBeGreaterThan(0);
    expect(page.url()).toMatch(/\/matches$/);
  });

  it('keeps a save made after expiry with its input and makes it after the sign-in', async () => {
    await page.goto(`${stack.url}/contacts/edit`);
    await page.getByLabel('Name', { exact: true }).fill('Night shift after expiry');
    await page.getByLabel('Device Id', { exact: true }).fill('device-after-expiry');
    await revokeSession(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Your session has ended' }).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Night shift after expiry');
    await signInAgain(page);
    await page.waitForURL(/\/contacts$/);
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath('e2e-saved-notice.png') });
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Night shift after expiry' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
