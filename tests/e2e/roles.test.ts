import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthReply, OperatorLinkReply } from '@odds/protocol';
import { seriousViolations } from '../support/axe';
import { animationsDone, browserUnavailable, choose, launchBrowser, markPage, notReloaded, openConsole } from '../support/browser';
import { restAs } from '../support/rest';
import { DEMO, loginThrough, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

const SHOTS = process.env.E2E_SHOTS ?? join(tmpdir(), 'e2e-roles');
mkdirSync(SHOTS, { recursive: true });
const EDITOR = { email: 'vera.editor@example.com', name: 'Vera Editor', password: 'a quiet harbour at dawn' };

/**
 * Roles over the real stack with two browsers (docs/operators.md "Roles"): an editor works with
 * every provider; an admin makes them a viewer of one provider on the Operators screen (Access),
 * and the editor's open console follows within about a second, without a reload: its edit
 * controls are gone and its provider selector offers only that provider.
 */
describe.skipIf(unavailable)('a role change reaching an open console (Chromium)', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: Page;
  let editor: Page;
  let adminToken: string;

  const { post } = restAs(
    () => stack.url,
    () => adminToken,
  );
  const shot = async (page: Page, name: string) => {
    await animationsDone(page);
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };
  const providerOptions = async (page: Page) => {
    await page
      .locator('.p-dropdown')
      .filter({ has: page.locator('#provider-select') })
      .click();
    const names = await page.locator('.p-dropdown-panel').getByRole('option').allTextContents();
    await page.keyboard.press('Escape');
    return names;
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    adminToken = await loginThrough(stack.url);
    const { link } = await post<OperatorLinkReply>('/api/1/operators', { email: EDITOR.email, name: EDITOR.name, admin: false, role: 'editor' });
    const token = new URLSearchParams(link.path.split('#')[1]).get('token');
    const set = await fetch(`${stack.url}/api/1/password/set`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: EDITOR.password }),
    });
    expect(((await set.json()) as AuthReply).success).toBe(true);
    [admin, editor] = await Promise.all([
      openConsole(browser, stack.url, DEMO.email, DEMO.password, 30_000),
      openConsole(browser, stack.url, EDITOR.email, EDITOR.password, 30_000),
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 120_000);

  it('shows an editor the edit controls and every provider', async () => {
    await editor.goto(`${stack.url}/contacts`);
    await editor.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    await editor.getByRole('button', { name: 'Add Contact' }).waitFor();
    expect(await providerOptions(editor)).toEqual(['Nordic Sportsbook', 'Iberia Apuestas', 'Benelux Odds']);
  });

  it('lets an admin make them a viewer of one provider; their open console follows at once, without a reload', async () => {
    await admin.goto(`${stack.url}/operators`);
    await admin.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
    await admin.getByRole('button', { name: `Access of ${EDITOR.name}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Access of ${EDITOR.name}` });
    await dialog.waitFor();
    await choose(admin, 'access-role', 'Viewer (reads only)');
    await dialog.getByLabel('Every provider').uncheck();
    for (const other of ['Iberia Apuestas', 'Benelux Odds']) await dialog.getByLabel(other).uncheck();
    await shot(admin, 'operator-access-dialog');
    expect(await seriousViolations(admin)).toEqual([]);
    await markPage(editor);

    const started = Date.now();
    await dialog.getByRole('button', { name: `Save access of ${EDITOR.name}` }).click();
    await expect.poll(() => editor.getByRole('button', { name: 'Add Contact' }).count(), { timeout: 15_000, interval: 50 }).toBe(0);
    const tookMs = Date.now() - started;
    console.log(
      `[roles e2e] the viewer's console hid its edit controls ${tookMs} ms after the admin saved (load ${(await import('node:os')).loadavg()[0]!.toFixed(1)})`,
    );
    expect(await notReloaded(editor)).toBe(true);
    expect(await editor.evaluate(() => document.documentElement.hasAttribute('data-read-only'))).toBe(true);
    expect(await providerOptions(editor)).toEqual(['Nordic Sportsbook']);
    await shot(editor, 'viewer-contacts');
    // The row says it too.
    const row = admin.getByRole('row').filter({ hasText: EDITOR.email });
    await expect.poll(() => row.getByText('Viewer', { exact: true }).count()).toBe(1);
    await expect.poll(() => row.getByText('Nordic Sportsbook', { exact: true }).count()).toBe(1);
  });

  it('refuses the viewer a write with the spec text, should one be sent anyway', async () => {
    const token = await editor.evaluate(() => localStorage.getItem('token'));
    const refused = await fetch(`${stack.url}/api/1/contact`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: 1, name: 'Sneaky' }),
    });
    expect(refused.status).toBe(403);
  });
});
