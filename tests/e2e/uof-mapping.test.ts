import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStandIn, marketDescriptionsFor } from '@odds/upstream/testing';
import { browserUnavailable, launchBrowser, logIn, screenshotPath } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/**
 * The Markets screen's UOF mapping with the vendor's names, on the real stack whose UOF API is the
 * local stand-in (`npm run uof:fake`): a variant market (exact goals) mapped by its variant's outcomes.
 */
describe.skipIf(unavailable)('UOF mapping by vendor names in Chromium', () => {
  const TOKEN = 'e2e-uof-token';
  let standIn: Awaited<ReturnType<typeof buildStandIn>>;
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    standIn = await buildStandIn({ tokens: [TOKEN], snapshots: null });
    await standIn.app.listen({ port: 0, host: '127.0.0.1' });
    const apiUrl = `http://127.0.0.1:${(standIn.app.server.address() as AddressInfo).port}`;
    [stack, browser] = await Promise.all([
      startStack({ uofDescriptions: marketDescriptionsFor({ apiUrl, token: TOKEN, descriptionsTtlS: 3600 }) }),
      launchBrowser(),
    ]);
    page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    await logIn(page, stack.url, DEMO.email, DEMO.password);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await standIn?.app.close();
  });

  it('maps exact goals (variant sr:exact_goals:5+) by the vendor’s outcome names and lists it', async () => {
    await page.goto(`${stack.url}/markets`);
    const section = page.getByRole('region', { name: 'UOF market mapping' });
    await section.getByRole('cell', { name: 'Total', exact: true }).waitFor();
    // The shipped rows name their outcomes from the vendor's descriptions.
    await section.getByRole('cell', { name: '12 (over {total}) → over, 13 (under {total}) → under' }).waitFor();
    await section.getByRole('button', { name: 'Add mapping' }).click();
    const form = section.getByRole('form', { name: 'New mapping' });
    await form.getByLabel('UOF market id').fill('21');
    expect(await form.getByLabel('Name').inputValue()).toBe('Exact goals');
    await form.getByText('Vendor: Exact goals (groups all, score, regular_play)').waitFor();
    await form.getByLabel('Variant').selectOption('sr:exact_goals:5+');
    // "5+" is the over side of 4.5 goals (the under side is five outcomes of the variant: left out).
    await form.getByLabel('Market type').selectOption('2');
    const over = form.getByLabel('over', { exact: true });
    await over.fill('sr:exact_goals:5+:1341');
    await form.locator('#uof-outcome-over-vendor').filter({ hasText: '5+' }).waitFor();
    await page.screenshot({ path: screenshotPath('uof-mapping-variant.png'), fullPage: true });
    await form.getByRole('button', { name: 'Save mapping' }).click();
    await section.getByRole('cell', { name: 'sr:exact_goals:5+:1341 → over', exact: true }).waitFor();
    expect(await section.getByRole('row').filter({ hasText: 'sr:exact_goals:5+:1341' }).locator('td').first().textContent()).toBe('21');
  });
});
