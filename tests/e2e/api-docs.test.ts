import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserUnavailable, launchBrowser, logIn } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/** A strict policy: no inline script or style, everything from the relay itself. */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'self'";

describe.skipIf(unavailable)('API docs in Chromium', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  /** /api/docs/ under the strict CSP, collecting what the browser refused. */
  async function openDocs(page: Page): Promise<string[]> {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.route('**/api/docs/**', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': CSP } });
    });
    await page.goto(`${stack.url}/api/docs`);
    return refused;
  }

  it('asks for a login without one', async () => {
    const page = await browser.newPage();
    const refused = await openDocs(page);
    await expect.poll(() => page.getByText('The API document needs a login').isVisible()).toBe(true);
    expect(refused).toEqual([]);
    // Requests still in flight (the favicon) would settle after the page is gone.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  it("shows Swagger UI under a CSP without 'unsafe-inline', with the console's token for Try it out", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, stack.url, DEMO.email, DEMO.password);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    const refused = await openDocs(page);
    await expect.poll(() => page.getByRole('heading', { name: /Odds console back-office services/ }).isVisible(), { timeout: 20_000 }).toBe(true);
    // Swagger UI's own stylesheet applied (a file, so the policy let it in).
    expect(await page.locator('.swagger-ui .info .title').evaluate((element) => getComputedStyle(element).fontSize)).toBe('36px');
    await page.locator('#operations-tag-auth').click();
    await expect.poll(() => page.locator('.opblock-summary-path').filter({ hasText: '/api/1/authenticate' }).count()).toBeGreaterThan(0);
    expect(
      await page.evaluate(() =>
        (window as unknown as { ui: { authSelectors: { authorized: () => { toJS: () => unknown } } } }).ui.authSelectors.authorized().toJS(),
      ),
    ).toMatchObject({ Token: { value: expect.stringMatching(/^Token /) } });
    expect(refused).toEqual([]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});
