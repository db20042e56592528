import type { Match } from '@odds/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, browserUnavailable, launchBrowser, openConsole, screenshotPath } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/** The chart library's logo no longer sits on the plot; its attribution and link are under the chart. */
describe.skipIf(unavailable)('the odds chart credit', { timeout: 60_000 }, () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    page = await openConsole(browser, stack.url, DEMO.email, DEMO.password);
    await page.setViewportSize({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('draws no logo over the 2022 final and credits TradingView under it', async () => {
    const token = await stack.upstream.login();
    const reply = await stack.upstream.app.inject({ method: 'GET', url: '/api/1/1/1/matches?date=2022-12-18', headers: { authorization: `Token ${token}` } });
    const final = reply.json<{ results: Match[] }>().results.find((m) => m.name === 'Argentina - France')!;
    await page.goto(`${stack.url}/match/${final.id}`);
    await page.locator('.odds-chart canvas').first().waitFor();
    const credit = page.locator('.chart-credit').getByRole('link', { name: 'TradingView Lightweight Charts™' });
    expect(await credit.getAttribute('href')).toBe('https://www.tradingview.com/');
    // The library's own logo link (drawn over the plot's corner) is off.
    expect(await page.locator('.odds-chart a[href*="tradingview"]').count()).toBe(0);
    await animationsDone(page);
    await page.screenshot({ path: screenshotPath('e2e-chart-credit.png') });
  });
});
