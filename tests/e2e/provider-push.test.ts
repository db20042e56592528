import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '@odds/upstream/testing';
import { browserUnavailable, launchBrowser, markPage, notReloaded, openConsole } from '../support/browser';
import { DEMO, loginThrough, startStack, type Stack } from '../support/stack';
import { restAs } from '../support/rest';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/**
 * Provider-wide data pushed to every console of the provider: operator A saves
 * a market's settings and a threshold template; operator B's open Markets screen and Thresholds
 * editor show them without a reload, marked with who changed them.
 */
describe.skipIf(unavailable)('provider-wide data is live in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let a: Page;
  let b: Page;
  let token: string;
  let marketId: number;
  let matchId: number;

  const { get } = restAs(
    () => stack.url,
    () => token,
  );
  const operator = async (email: string, password: string) => {
    const page = await openConsole(browser, stack.url, email, password);
    page.on('dialog', (dialog) => void dialog.accept());
    return page;
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    token = await loginThrough(stack.url);
    const markets = await get<{ results: { id: number; name: string }[] }>('/api/1/1/1/markets?limit=100');
    marketId = markets.results.find((m) => m.name === 'Both Teams to Score')!.id;
    const matches = await get<{ results: { id: number }[] }>('/api/1/1/1/matches?timeframe=FUTURE&order_by=start&limit=5');
    matchId = matches.results[1]!.id;
    [a, b] = await Promise.all([operator(DEMO.email, DEMO.password), operator(OPS.email, OPS.password)]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 120_000);

  it("shows A's saved market settings on B's open Markets screen, marked, without a reload", async () => {
    for (const page of [a, b]) {
      await page.goto(`${stack.url}/markets?market=${marketId}`);
      await page.getByRole('form', { name: 'Settings of Both Teams to Score' }).waitFor();
    }
    await markPage(b);
    const delay = (page: Page) => page.locator(`#market-${marketId}-send_delay_minutes`);
    const before = await delay(b).inputValue();
    const next = String((Number(before) || 0) + 3);
    await delay(a).fill(next);
    await a.getByRole('form', { name: 'Settings of Both Teams to Score' }).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => delay(b).inputValue(), { timeout: 10_000 }).toBe(next);
    await expect.poll(() => b.locator('.market-detail h2').first().textContent(), { timeout: 10_000 }).toContain('changed by Demo Operator just now');
    expect(await notReloaded(b)).toBe(true);
  }, 60_000);

  it("shows A's new threshold template in B's open 'Saved threshold' choices, marked, without a reload", async () => {
    const openEditor = async (page: Page) => {
      await page.goto(`${stack.url}/match/${matchId}/thresholds?all=1`);
      await page.getByRole('list', { name: 'Markets' }).getByRole('button', { name: 'Both Teams to Score', exact: true }).click();
      await page.locator('form.threshold-editor').waitFor();
    };
    await openEditor(b);
    await openEditor(a);
    await markPage(b);
    const editorA = a.locator('form.threshold-editor');
    const [first] = (await editorA.locator('legend').allTextContents()) as [string];
    await a.getByLabel(`${first} value`, { exact: true }).fill('1.95');
    await a.locator('#threshold-template-name').fill('Pushed e2e template');
    await editorA.getByRole('button', { name: 'Save', exact: true }).click();

    const editorB = b.locator('form.threshold-editor');
    await expect.poll(() => editorB.textContent(), { timeout: 10_000 }).toContain('changed by Demo Operator just now');
    await b
      .locator('.p-dropdown')
      .filter({ has: b.locator('#threshold-template') })
      .click();
    await expect
      .poll(
        () =>
          b
            .locator('.p-dropdown-panel')
            .getByRole('option', { name: /Pushed e2e template \(VALUE/ })
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(await notReloaded(b)).toBe(true);
  }, 90_000);
});
