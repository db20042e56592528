import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { animationsDone, browserUnavailable, launchBrowser, markPage, notReloaded, openConsole, screenshotPath } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

const OPS = { email: 'ops@example.com', password: 'demo' };
const DEPLOYMENT = 'Every provider (the whole deployment)';

/**
 * The kill switch over the real stack in two browser contexts (docs/compliance-operations.md): an
 * admin stops every send from the Compliance screen, and the other console (an operator who is not
 * admin, on another screen) shows the banner without a reload; the admin resumes after a
 * confirmation and both banners go. The operator has no Compliance entry and cannot open it.
 */
describe.skipIf(unavailable)('the kill switch in Chromium (two consoles)', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: Page;
  let operator: Page;

  const shot = async (page: Page, name: string) => {
    await animationsDone(page);
    await page.screenshot({ path: screenshotPath(`e2e-kill-switch-${name}.png`), fullPage: true });
  };
  const banner = (page: Page) => page.getByRole('alert', { name: 'Sends stopped' });

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    [admin, operator] = await Promise.all([
      openConsole(browser, stack.url, DEMO.email, DEMO.password, 30_000),
      openConsole(browser, stack.url, OPS.email, OPS.password, 30_000),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 120_000);

  it('an admin stops every send with a reason; the other console shows the banner live, on whatever screen it is', async () => {
    await operator.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Matches' }).click();
    await markPage(operator);
    await admin.getByRole('button', { name: 'Settings menu' }).click();
    await admin.getByRole('menuitem', { name: 'Compliance' }).click();
    await admin.getByRole('heading', { name: 'Compliance', level: 1 }).waitFor();
    await admin.getByRole('table', { name: 'Kill switch' }).waitFor();
    await admin.getByRole('heading', { name: 'Today’s suppressions by reason' }).waitFor();
    await shot(admin, 'compliance-sending');
    expect(await banner(operator).count()).toBe(0);

    await admin.getByRole('button', { name: `Stop all sends of ${DEPLOYMENT}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Stop all sends' });
    await dialog.getByRole('button', { name: 'Stop all sends' }).click();
    await dialog.getByText('Say why sends are stopped').waitFor();
    await dialog.getByLabel('Why (shown in every console and in history)').fill('regulator call at 10:00');
    await shot(admin, 'stop-dialog');
    await dialog.getByRole('button', { name: 'Stop all sends' }).click();

    await banner(admin).waitFor();
    await banner(operator).waitFor();
    expect(await banner(operator).textContent()).toContain('All sends are stopped for every provider by Demo Operator');
    expect(await banner(operator).textContent()).toContain('regulator call at 10:00');
    expect(await banner(operator).textContent()).toContain('An admin resumes them.');
    expect(await notReloaded(operator)).toBe(true);
    await expect.poll(() => admin.getByRole('row').filter({ hasText: DEPLOYMENT }).textContent()).toContain('Stopped');
    await shot(admin, 'compliance-stopped');
    await shot(operator, 'operator-banner');
    expect(await seriousViolations(admin)).toEqual([]);
  });

  it('the banner follows the operator to every screen; Compliance is not theirs', async () => {
    await operator.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }).click();
    await banner(operator).waitFor();
    await operator.getByRole('button', { name: 'Settings menu' }).click();
    await operator.getByRole('menuitem', { name: 'Change password' }).waitFor();
    expect(await operator.getByRole('menuitem', { name: 'Compliance' }).count()).toBe(0);
    await operator.keyboard.press('Escape');
  });

  it('resuming asks first; once resumed, the banner goes from both consoles without a reload', async () => {
    await admin.getByRole('button', { name: `Resume sends of ${DEPLOYMENT}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Resume sends' });
    await confirm.waitFor();
    await shot(admin, 'resume-confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await banner(operator).count()).toBe(1);
    await admin.getByRole('button', { name: `Resume sends of ${DEPLOYMENT}` }).click();
    await admin.getByRole('dialog', { name: 'Resume sends' }).getByRole('button', { name: 'Resume sends' }).click();
    await expect.poll(() => banner(operator).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => banner(admin).count()).toBe(0);
    expect(await notReloaded(operator)).toBe(true);
    await expect.poll(() => admin.getByRole('row').filter({ hasText: DEPLOYMENT }).textContent()).toContain('Sending');
  });
});
