import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE } from '@odds/protocol';
import { seriousViolations } from '../support/axe';
import { animationsDone, browserUnavailable, launchBrowser, logIn, openConsole } from '../support/browser';
import { restAs } from '../support/rest';
import { DEMO, loginThrough, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/** Screenshots of the screens this suite covers (E2E_SHOTS, else a temporary folder). */
const SHOTS = process.env.E2E_SHOTS ?? join(tmpdir(), 'e2e-operators');
mkdirSync(SHOTS, { recursive: true });
const INVITEE = { email: 'rita.newcomer@example.com', name: 'Rita Newcomer' };
const FIRST_PASSWORD = 'a quiet harbour at dawn';
const SECOND_PASSWORD = 'lanterns over the bay';
const THIRD_PASSWORD = 'seven gulls on a pier';

/**
 * Operator accounts over the real stack with two browsers: an admin invites, the invitee sets a
 * password from the link and works; the admin disables them mid-edit, enables them, resets their
 * password; every operator changes their own.
 */
describe.skipIf(unavailable)('operator accounts in Chromium (two browsers)', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: Page;
  let invitee: Page;
  let link: string;
  let adminToken: string;
  let matchId: number;

  const { get } = restAs(
    () => stack.url,
    () => adminToken,
  );
  const shot = async (page: Page, name: string) => {
    await animationsDone(page);
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };
  const openSettingsMenu = async (page: Page) => {
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.locator('#settings-menu').waitFor();
  };
  const row = () => admin.getByRole('row').filter({ hasText: INVITEE.email });
  const linkOnScreen = async () => (await admin.getByRole('group', { name: 'Set-password link' }).locator('code').textContent()) ?? '';
  const thresholdSets = async () => (await get<{ results: unknown[] }>(`/api/1/match/${matchId}/thresholds`)).results.length;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    adminToken = await loginThrough(stack.url);
    matchId = (await get<{ results: { id: number }[] }>('/api/1/1/1/matches?limit=1')).results[0]!.id;
    admin = await openConsole(browser, stack.url, DEMO.email, DEMO.password, 30_000);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 120_000);

  it('lets an admin open Operators from the settings menu and invite someone, with a one-time link to copy', async () => {
    await openSettingsMenu(admin);
    await shot(admin, 'settings-menu-admin');
    await admin.getByRole('menuitem', { name: 'Operators' }).click();
    await admin.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
    await expect.poll(() => admin.getByRole('row').filter({ hasText: DEMO.email }).count()).toBe(1);
    await admin.getByLabel('Email').fill(INVITEE.email);
    await admin.getByLabel('Name', { exact: true }).fill(INVITEE.name);
    await admin.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect.poll(linkOnScreen).toMatch(new RegExp(`^${stack.url}/set-password#token=[A-Za-z0-9_-]{43}$`));
    link = await linkOnScreen();
    await expect.poll(() => row().getByText('Invited', { exact: true }).count()).toBe(1);
    await shot(admin, 'operators-invited');
    expect(await seriousViolations(admin)).toEqual([]);
  });

  it('lets the invitee choose a password from the link (rules shown as the server says them) and signs them in', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    invitee = await context.newPage();
    invitee.setDefaultTimeout(30_000);
    await invitee.goto(link);
    await invitee.getByRole('heading', { name: 'Choose your password' }).waitFor();
    // The token left the address bar as soon as the page read it.
    expect(invitee.url()).toBe(`${stack.url}/set-password`);
    expect(await seriousViolations(invitee)).toEqual([]);
    const choose = async (password: string) => {
      await invitee.getByLabel('New password').fill(password);
      await invitee.getByLabel('Repeat the password').fill(password);
      await invitee.getByRole('button', { name: 'Set password and sign in' }).click();
    };
    await choose('too short');
    await invitee.getByText('Choose a password of at least 12 characters.').waitFor();
    await choose('unbelievable');
    await invitee.getByText('This password is among the 10,000 most common ones: choose another.').waitFor();
    await shot(invitee, 'set-password-refused');
    await choose(FIRST_PASSWORD);
    await invitee.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await admin.reload();
    await expect.poll(() => row().getByText('Active', { exact: true }).count(), { timeout: 30_000 }).toBe(1);
  });

  it('gives the used link a plain message when it is opened again', async () => {
    const context = await browser.newContext();
    const again = await context.newPage();
    again.setDefaultTimeout(30_000);
    await again.goto(link);
    await again.getByLabel('New password').fill('another long password here');
    await again.getByLabel('Repeat the password').fill('another long password here');
    await again.getByRole('button', { name: 'Set password and sign in' }).click();
    await again.getByText('This link is invalid, expired or already used. Ask an admin for a new one.').waitFor();
    await context.close();
  });

  it('shows a non-admin no Operators entry, and the 403 message if they go there anyway', async () => {
    await openSettingsMenu(invitee);
    expect(await invitee.getByRole('menuitem', { name: 'Change password' }).count()).toBe(1);
    expect(await invitee.getByRole('menuitem', { name: 'Operators' }).count()).toBe(0);
    await shot(invitee, 'settings-menu-operator');
    await invitee.keyboard.press('Escape');
    await invitee.goto(`${stack.url}/operators`);
    await invitee.getByText(FORBIDDEN_MESSAGE).waitFor();
    await expect.poll(() => new URL(invitee.url()).pathname).toBe('/');
    await invitee.goto(`${stack.url}/displays`);
    await invitee.getByText('Only admins create and revoke displays.').waitFor();
    expect(await invitee.getByRole('button', { name: 'Create display' }).count()).toBe(0);
  });

  it('ends a disabled operator\'s console mid-edit: "Your account was disabled", and nothing is written after', async () => {
    await invitee.goto(`${stack.url}/match/${matchId}/thresholds`);
    await invitee.getByRole('list', { name: 'Markets' }).getByRole('button').first().click();
    const editor = invitee.locator('form.threshold-editor');
    const outcome = (await editor.locator('legend').first().textContent())!;
    await invitee.getByLabel(`${outcome} value`, { exact: true }).fill('3.5');
    const setsBefore = await thresholdSets();
    const inviteeToken = await invitee.evaluate(() => localStorage.getItem('token'));

    const started = Date.now();
    await admin.getByRole('button', { name: `Disable ${INVITEE.name}` }).click();
    await invitee.getByRole('heading', { name: 'Your account was disabled' }).waitFor({ timeout: 15_000 });
    const shownAfterMs = Date.now() - started;
    console.log(
      `[operators e2e] "Your account was disabled" shown ${shownAfterMs} ms after the admin clicked Disable (load ${(await import('node:os')).loadavg()[0]!.toFixed(1)})`,
    );
    await shot(invitee, 'account-disabled');
    expect(await seriousViolations(invitee)).toEqual([]);
    // The editor is gone with the console, the token forgotten, and the old token is refused.
    expect(await invitee.locator('form.threshold-editor').count()).toBe(0);
    expect(await invitee.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const refused = await fetch(`${stack.url}/api/1/match/${matchId}/thresholds`, {
      method: 'POST',
      headers: { authorization: `Token ${inviteeToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    expect(await thresholdSets()).toBe(setsBefore);
    await expect.poll(() => row().getByText('Disabled', { exact: true }).count()).toBe(1);

    // Disabled: signing in says no more than a wrong password does.
    await logIn(invitee, stack.url, INVITEE.email, FIRST_PASSWORD);
    await invitee.getByText('Invalid email or password').waitFor();
  });

  it('lets a re-enabled operator sign in again', async () => {
    await admin.getByRole('button', { name: `Enable ${INVITEE.name}` }).click();
    await expect.poll(() => row().getByText('Active', { exact: true }).count()).toBe(1);
    await logIn(invitee, stack.url, INVITEE.email, FIRST_PASSWORD);
    await invitee.getByRole('navigation', { name: 'Main menu' }).waitFor();
  });

  it('ends the old session on a password reset, and the new link works', async () => {
    await admin.getByRole('button', { name: `Reset password: ${INVITEE.name}` }).click();
    await expect.poll(linkOnScreen).not.toBe(link);
    const resetLink = await linkOnScreen();
    expect(resetLink).toMatch(/\/set-password#token=/);
    await invitee.getByRole('dialog', { name: 'Your password was changed' }).waitFor({ timeout: 15_000 });
    await shot(invitee, 'password-reset-dialog');
    const dialog = invitee.getByRole('dialog', { name: 'Your password was changed' });
    await dialog.getByLabel('Password').fill(FIRST_PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByText('Invalid email or password').waitFor();
    await invitee.goto(resetLink);
    await invitee.getByLabel('New password').fill(SECOND_PASSWORD);
    await invitee.getByLabel('Repeat the password').fill(SECOND_PASSWORD);
    await invitee.getByRole('button', { name: 'Set password and sign in' }).click();
    await invitee.getByRole('navigation', { name: 'Main menu' }).waitFor();
  });

  it('lets an operator change their own password from the settings menu', async () => {
    await openSettingsMenu(invitee);
    await invitee.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = invitee.getByRole('dialog', { name: 'Change password' });
    await dialog.waitFor();
    await dialog.getByLabel('Current password').fill('not my password');
    await dialog.getByLabel('New password', { exact: true }).fill(THIRD_PASSWORD);
    await dialog.getByLabel('Repeat the new password').fill(THIRD_PASSWORD);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText('The current password is not right').waitFor();
    await shot(invitee, 'change-password-refused');
    expect(await seriousViolations(invitee)).toEqual([]);
    await dialog.getByLabel('Current password').fill(SECOND_PASSWORD);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText('Your password was changed. You stay signed in here; your other sessions were signed out.').waitFor();
    await shot(invitee, 'change-password-done');
    await dialog.getByRole('button', { name: 'Done' }).click();
    const reply = await fetch(`${stack.url}/api/1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: INVITEE.email, password: THIRD_PASSWORD }),
    });
    expect(reply.status).toBe(200);
  });

  it("keeps each change on the operator's History", async () => {
    await row().getByRole('button', { name: 'History' }).click();
    const panel = admin.getByRole('complementary', { name: 'History' }).or(admin.locator('.history-panel'));
    await panel.first().getByText('Demo Operator').first().waitFor();
    await shot(admin, 'operator-history');
    expect(await panel.first().locator('.history-entry').count()).toBeGreaterThanOrEqual(5);
  });
});
