import type { Match } from '@odds/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, launchBrowser, logIn, screenshotPath } from '../support/browser';
import { ingestRecorded } from '../support/feeds';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/** Records every CSP violation the page reports (the event fires in the page for each refused load or inline run). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation(text: string): void }).__cspViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

describe.skipIf(unavailable)('security in Chromium', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('runs the console and the Graph creative under the CSP with no violation', async () => {
    const token = await stack.upstream.login();
    const reply = await fetch(`${stack.upstreamUrl}/api/1/1/1/matches?q=${encodeURIComponent('World Cup Classics')}&order_by=start&limit=100`, {
      headers: { authorization: `Token ${token}` },
    });
    const match = ((await reply.json()) as { results: Match[] }).results.find((m) => m.home.name === 'Netherlands' && m.away.name === 'USA')!;
    await ingestRecorded(stack.upstreamUrl, token, match.id, 'netherlands-usa-2022-round-of-16', 0, 40);

    const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    page.setDefaultTimeout(15_000);
    const violations = await watchViolations(page);
    await logIn(page, stack.url, DEMO.email, DEMO.password);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.goto(`${stack.url}/match/${match.id}?market=1`);
    await page.getByRole('table', { name: 'Offers' }).waitFor();
    await page.getByRole('button', { name: 'Show Creative' }).click();
    const frame = page.frameLocator('iframe.creative-frame');
    await frame.locator('.banner').waitFor();
    expect(await frame.locator('.teams').textContent()).toContain('Netherlands');
    // The banner's inline <style> applied (the srcdoc document inherits the console's CSP).
    expect(await frame.locator('.banner').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('linear-gradient');
    // Scripts cannot run in it (sandbox without allow-scripts).
    expect(await page.locator('iframe.creative-frame').getAttribute('sandbox')).toBe('');
    await page.screenshot({ path: screenshotPath('odds-e2e-security-graph.png') });
    expect(violations).toEqual([]);
  });

  it('shows the 429 message on the login screen after repeated failed logins', async () => {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(stack.url);
    const alert = page.getByRole('alert');
    for (let attempt = 1; attempt <= 6; attempt++) {
      await page.getByLabel('Email').fill('someone.else@example.com');
      await page.getByLabel('Password').fill(`guess-${attempt}`);
      await page.getByLabel('Password').press('Enter');
      await expect.poll(async () => (await alert.count()) && (await alert.textContent()), { timeout: 15_000 }).toBeTruthy();
      if (attempt < 6) {
        expect(await alert.textContent()).toContain('Invalid email or password');
        // Wait for the form to be usable again before the next try.
        await page.getByRole('button', { name: 'Login' }).and(page.locator(':not([disabled])')).waitFor();
      }
    }
    // The first lock of the account's backoff: a minute (or less by the time the reply is shown).
    await expect.poll(() => alert.textContent()).toMatch(/^Too many failed login attempts\. Try again in (1 minute|\d+ seconds)\.$/);
  });
});
