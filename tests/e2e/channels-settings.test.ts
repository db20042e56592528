import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelSettingsFrom, startFcmFake } from '@odds/upstream/testing';
import { animationsDone, browserUnavailable, launchBrowser, openConsole } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);
const SHOTS = process.env.E2E_SHOTS ?? join(tmpdir(), 'e2e-channels');
mkdirSync(SHOTS, { recursive: true });

/** Settings → Channels in Chromium: an admin saves FCM credentials (the fake's), sends a test, and the secret is never shown again. */
describe.skipIf(unavailable)('channel credentials on /settings', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let fcm: Awaited<ReturnType<typeof startFcmFake>>;

  beforeAll(async () => {
    fcm = await startFcmFake();
    const channels = { ...channelSettingsFrom({ FCM_API_URL: fcm.url, FCM_TOKEN_URL: fcm.tokenUrl }), secretsKey: randomBytes(32).toString('base64') };
    stack = await startStack({ sending: { channels } });
    browser = await launchBrowser();
    page = await openConsole(browser, stack.url, DEMO.email, DEMO.password);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await fcm?.close();
  });

  it('saves FCM credentials, shows Configured, sends a test for real, and keeps the secret write-only', async () => {
    await page.goto(`${stack.url}/settings`);
    const card = page.getByRole('article', { name: 'Firebase Cloud Messaging (Android, web)' });
    await card.getByText('Not configured').waitFor();
    await card.getByLabel('Project id *').fill('odds-test');
    const account = fcm.serviceAccount('odds-test');
    await card.getByLabel('Service account key (JSON) *').fill(account);
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Configured', { exact: true }).waitFor();
    const secret = card.getByLabel('Service account key (JSON) *');
    expect(await secret.inputValue()).toBe('');
    expect(await secret.getAttribute('placeholder')).toBe('Saved: leave empty to keep');
    await card.getByLabel('Test recipient').fill('admin-device-token');
    await card.getByRole('button', { name: 'Send test' }).click();
    await card.getByRole('status').filter({ hasText: 'Sent' }).waitFor();
    expect(fcm.received.at(-1)!.message.token).toBe('admin-device-token');
    expect(await page.content()).not.toContain((JSON.parse(account) as { private_key: string }).private_key.split('\n')[1]);
    await animationsDone(page);
    await page.screenshot({ path: join(SHOTS, 'settings-channels.png'), fullPage: true });
  }, 60_000);
});
