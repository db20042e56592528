import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '@odds/upstream/testing';
import { seriousViolations } from '../support/axe';
import { animationsDone, browserUnavailable, launchBrowser, openConsole } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

const SHOTS = process.env.E2E_SHOTS ?? join(tmpdir(), 'e2e-sessions');
mkdirSync(SHOTS, { recursive: true });

/**
 * An operator's Sessions list over the real stack, two browsers signed in as the same operator:
 * one ends the other's session from "My sessions", and the other console asks to sign in again at
 * once; an admin sees and ends an operator's sessions from the Operators screen.
 */
describe.skipIf(unavailable)('sessions and the audit export in Chromium (two browsers, one operator)', () => {
  let stack: Stack;
  let browser: Browser;
  let desk: Page;
  let laptop: Page;
  let admin: Page;

  const shot = async (page: Page, name: string) => {
    await animationsDone(page);
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
  };
  const openMySessions = async (page: Page) => {
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.locator('#settings-menu').waitFor();
    await page.getByRole('menuitem', { name: 'My sessions' }).click();
    return page.getByRole('dialog', { name: 'My sessions' });
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    [desk, laptop] = await Promise.all([
      openConsole(browser, stack.url, OPS.email, OPS.password, 30_000),
      openConsole(browser, stack.url, OPS.email, OPS.password, 30_000),
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 120_000);

  it('lists both sessions with where and when, this one marked', async () => {
    const dialog = await openMySessions(desk);
    await expect.poll(() => dialog.getByRole('row').filter({ hasText: 'Chrome on Linux' }).count()).toBeGreaterThanOrEqual(2);
    await expect.poll(() => dialog.getByText('This session', { exact: true }).count()).toBe(1);
    await shot(desk, 'my-sessions');
    expect(await seriousViolations(desk)).toEqual([]);
  });

  it("ends the other browser's session: that console asks to sign in again at once, this one stays", async () => {
    const dialog = desk.getByRole('dialog', { name: 'My sessions' });
    const other = dialog.getByRole('row').filter({ hasText: 'Chrome on Linux' }).filter({ hasNotText: 'This session' }).first();
    await other.getByRole('button', { name: /^End the session of/ }).click();
    await other.getByRole('button', { name: /^Confirm: End the session of/ }).click();
    await laptop.getByRole('dialog', { name: 'This session was signed out' }).waitFor({ timeout: 15_000 });
    await shot(laptop, 'session-ended-elsewhere');
    await expect.poll(() => dialog.getByRole('row').filter({ hasText: 'Chrome on Linux' }).count()).toBe(1);
    await desk.keyboard.press('Escape');
    await desk.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contacts' }).click();
    await desk.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
  });

  it("lets an admin see an operator's sessions from the Operators screen and end one", async () => {
    admin = await openConsole(browser, stack.url, DEMO.email, DEMO.password, 30_000);
    await admin.goto(`${stack.url}/operators`);
    const row = admin.getByRole('row').filter({ hasText: OPS.email });
    await row.getByRole('button', { name: /^Sessions of / }).click();
    const dialog = admin.getByRole('dialog', { name: /^Sessions of / });
    await expect.poll(() => dialog.getByRole('row').filter({ hasText: 'Chrome on Linux' }).count()).toBe(1);
    await shot(admin, 'operator-sessions');
    const only = dialog.getByRole('row').filter({ hasText: 'Chrome on Linux' });
    await only.getByRole('button', { name: /^End the session of/ }).click();
    await only.getByRole('button', { name: /^Confirm: End the session of/ }).click();
    await desk.getByRole('dialog', { name: 'This session was signed out' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => dialog.getByText('No sessions').count()).toBe(1);
  });

  it('lets an admin export the audit log for a day range and one operator\u2019s History as CSV', async () => {
    await admin.goto(`${stack.url}/operators`);
    const form = admin.getByRole('form', { name: 'Export the audit log' });
    const today = new Date().toISOString().slice(0, 10);
    await form.getByLabel('From date').fill(today);
    await form.getByLabel('To date').fill(today);
    await admin.keyboard.press('Escape');
    await shot(admin, 'audit-log-export');
    const [whole] = await Promise.all([admin.waitForEvent('download'), form.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(whole.suggestedFilename()).toBe(`audit-log-${today}_to_${today}.csv`);
    const text = readFileSync((await whole.path())!, 'utf8').replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe('id,at,actor_id,actor,entity,entity_id,match_id,action,version,before,after');
    expect(text).toMatch(/session ended/);
    const row = admin.getByRole('row').filter({ hasText: OPS.email });
    await row.getByRole('button', { name: 'History' }).click();
    const panel = admin.getByRole('complementary', { name: 'History' }).or(admin.getByLabel('History', { exact: true }));
    const [one] = await Promise.all([admin.waitForEvent('download'), panel.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(one.suggestedFilename()).toMatch(/^history-account-\d+\.csv$/);
    expect(readFileSync((await one.path())!, 'utf8')).toMatch(/session ended/);
  });
});
