import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '@odds/upstream/testing';
import { seriousViolations } from '../support/axe';
import { animationsDone, browserUnavailable, launchBrowser, openConsole, screenshotPath } from '../support/browser';
import { DEMO, loginThrough, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/** Presence per tab: two operators on one match see who edits which tab. */
describe.skipIf(unavailable)('who is editing which tab, in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let a: Page;
  let b: Page;
  let matchId: number;

  const editingNow = (page: Page) => page.getByRole('list', { name: 'Editing now' }).getByRole('listitem');
  const editingTexts = async (page: Page) => ((await editingNow(page).count()) ? editingNow(page).allTextContents() : []);
  const market = (page: Page) => page.getByRole('list', { name: 'Markets' }).getByRole('button').first();

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    const token = await loginThrough(stack.url);
    const get = async <T>(path: string) => (await (await fetch(`${stack.url}${path}`, { headers: { authorization: `Token ${token}` } })).json()) as T;
    const { results } = await get<{ results: { id: number }[] }>('/api/1/1/1/matches?limit=100');
    for (const match of results) {
      if ((await get<{ results: unknown[] }>(`/api/1/match/${match.id}/content`)).results.length > 0) {
        matchId = match.id;
        break;
      }
    }
    [a, b] = await Promise.all([openConsole(browser, stack.url, DEMO.email, DEMO.password), openConsole(browser, stack.url, OPS.email, OPS.password)]);
    for (const page of [a, b]) {
      page.on('dialog', (dialog) => void dialog.accept());
      await page.goto(`${stack.url}/match/${matchId}/thresholds`);
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 120_000);

  it('B sees "Demo Operator is editing Thresholds" while A\'s threshold form has unsaved changes, until A saves', async () => {
    for (const page of [a, b]) {
      await expect.poll(() => page.locator('.live-indicator').textContent(), { timeout: 15_000 }).toMatch(/Watching: 2/);
    }
    expect(await editingTexts(b)).toEqual([]);
    await market(a).click();
    const editorA = a.locator('form.threshold-editor');
    const first = (await editorA.locator('legend').first().textContent())!;
    // Opening a set is not editing it; typing is.
    await a.waitForTimeout(500);
    expect(await editingTexts(b)).toEqual([]);
    await a.getByLabel(`${first} value`, { exact: true }).fill('2.65');
    await expect.poll(() => editingTexts(b), { timeout: 10_000 }).toEqual(['DODemo Operator is editing Thresholds']);
    await expect.poll(() => editingTexts(a), { timeout: 10_000 }).toEqual(['DODemo Operator (you) is editing Thresholds']);
    // Said in words inside the live status region, not by colour alone; the badge is decoration.
    const item = editingNow(b).first();
    expect(await item.getByText('Demo Operator is editing Thresholds', { exact: true }).isVisible()).toBe(true);
    expect(await item.locator('.presence-badge').getAttribute('aria-hidden')).toBe('true');
    expect(await b.locator('.live-indicator[role="status"]').getByRole('list', { name: 'Editing now' }).count()).toBe(1);
    expect(await seriousViolations(b, '.match-header')).toEqual([]);
    await animationsDone(b);
    await b.locator('.match-header').screenshot({ path: screenshotPath('e2e-presence-header.png') });

    await editorA.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => editingTexts(b), { timeout: 10_000 }).toEqual([]);
    expect(await editingTexts(a)).toEqual([]);
  }, 90_000);

  it("clears when A leaves the form unsaved; shows B on Content and A on Stats; B's go with B's page", async () => {
    await a.getByLabel(`${(await a.locator('form.threshold-editor legend').first().textContent())!} value`, { exact: true }).fill('2.85');
    await expect.poll(() => editingTexts(b), { timeout: 10_000 }).toEqual(['DODemo Operator is editing Thresholds']);
    await a.getByRole('navigation', { name: 'Match tabs' }).getByRole('link', { name: 'Feed' }).click();
    await expect.poll(() => editingTexts(b), { timeout: 10_000 }).toEqual([]);
    // Still watching: leaving the form is not leaving the match.
    expect(await b.locator('.live-indicator').textContent()).toMatch(/Watching: 2/);

    await b.getByRole('navigation', { name: 'Match tabs' }).getByRole('link', { name: 'Content' }).click();
    await b.locator('#content-macros').fill('team=Presence');
    await expect.poll(() => editingTexts(a), { timeout: 10_000 }).toEqual(['OOOps Operator is editing Content']);
    // A adds a stat event row (its minute typed): B sees A on Stats, beside B on Content.
    await a.getByRole('navigation', { name: 'Match tabs' }).getByRole('link', { name: 'Add Stat' }).click();
    const minute = a.getByRole('group', { name: 'Event 1' }).getByLabel('Minute', { exact: true });
    await minute.click();
    await minute.press('Control+a');
    await minute.pressSequentially('63');
    await minute.press('Tab'); // the minute reaches the form when the field is left
    await expect.poll(() => editingTexts(b), { timeout: 10_000 }).toEqual(['DODemo Operator is editing Stats', 'OOOps Operator (you) is editing Content']);
    await b.close();
    await expect.poll(() => editingTexts(a), { timeout: 10_000 }).toEqual(['DODemo Operator (you) is editing Stats']);
    await expect.poll(() => a.locator('.live-indicator').textContent(), { timeout: 10_000 }).toMatch(/Watching: 1/);
  }, 90_000);
});
