import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, browserUnavailable, launchBrowser, openConsole } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);
const SHOTS = process.env.E2E_SHOTS ?? join(tmpdir(), 'e2e-channels');
mkdirSync(SHOTS, { recursive: true });

/** Settings → Channels in Chromium: the webhook signing secret's state (never its value) and Rotate behind a confirmation. */
describe.skipIf(unavailable)('the webhook signing secret on /settings', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    page = await openConsole(browser, stack.url, DEMO.email, DEMO.password);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('rotates after a confirmation, shows the new secret once, and says until when the old one still signs', async () => {
    await page.goto(`${stack.url}/settings`);
    const card = page.getByRole('article', { name: 'Webhook signing secret' });
    await card.getByRole('button', { name: 'Rotate' }).waitFor();
    // Cancel changes nothing.
    await card.getByRole('button', { name: 'Rotate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await card.getByLabel(/New secret/).count()).toBe(0);

    await card.getByRole('button', { name: 'Rotate' }).click();
    await dialog.getByRole('button', { name: 'Rotate' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const first = await card.getByLabel(/New secret/).inputValue();
    expect(first).toMatch(/^whsec_/);
    await card.getByText('Set', { exact: true }).waitFor();

    // A second rotation keeps the old secret signing for the overlap.
    await card.getByRole('button', { name: 'Rotate' }).click();
    expect(await dialog.getByLabel(/Keep signing with the old secret/).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Rotate' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText(/The previous secret also signs until/).waitFor();
    const second = await card.getByLabel(/New secret/).inputValue();
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    await animationsDone(page);
    await card.screenshot({ path: join(SHOTS, 'settings-webhook-signing.png') });

    // Once the page is loaded again the secret is gone for good: only its state is shown.
    await page.reload();
    await card.getByText(/In use since/).waitFor();
    expect(await page.content()).not.toContain(second.slice(6, 30));
  }, 90_000);
});
