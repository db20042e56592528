import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserUnavailable, launchBrowser, logIn } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

describe.skipIf(unavailable)('console shell in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('stays on the login screen after a wrong password, saying why', async () => {
    const fresh = await browser.newPage();
    await logIn(fresh, stack.url, DEMO.email, 'wrong-password');
    await expect.poll(() => fresh.getByRole('alert').textContent()).toContain('Invalid email or password');
    expect(await fresh.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    expect(await fresh.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await fresh.close();
  });

  it('logs in with the demo login and lists the seeded matches', async () => {
    await logIn(page, stack.url, DEMO.email, DEMO.password);
    // The main menu's link: the home screen's areas and its tables' skip links also name matches, once rendered.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Matches', exact: true }).click();
    await page.waitForURL(/\/matches/);
    // Newest kick-off first: the rescheduled 2022 final of World Cup Classics leads the list.
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Argentina' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('row').filter({ hasText: 'France' }).first().textContent()).toContain('World Cup Classics');
  });

  it('shows Not Found for an unknown route', async () => {
    await page.goto(`${stack.url}/no/such/screen`);
    await expect.poll(() => page.getByText('Not Found', { exact: true }).isVisible()).toBe(true);
  });

  it('keeps the session and the chosen sport across a reload', async () => {
    await page.goto(`${stack.url}/matches`);
    await page
      .locator('.p-dropdown')
      .filter({ has: page.locator('#sport-select') })
      .click();
    await page.getByRole('option', { name: 'Tennis' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sport'))).toBe('3');
    await page.reload();
    await expect
      .poll(() =>
        page
          .locator('.p-dropdown')
          .filter({ has: page.locator('#sport-select') })
          .textContent(),
      )
      .toContain('Tennis');
    expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0);
  });
});
