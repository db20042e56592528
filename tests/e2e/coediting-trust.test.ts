import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '@odds/upstream/testing';
import { animationsDone, browserUnavailable, launchBrowser, openConsole, screenshotPath } from '../support/browser';
import { DEMO, loginThrough, startStack, type Stack } from '../support/stack';
import { restAs } from '../support/rest';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

interface ThresholdSet {
  id: number;
  version: number;
  market_id: number;
  contact_id: number | null;
  line: number | null;
  timed: { before: number } | null;
  type: string;
  thresholds: Record<string, { value?: number }>;
}

/**
 * Two operators (two browser contexts) on one match: nothing typed or saved by one is lost or
 * reverted by the other without being asked, and nothing the editor does not show is wiped.
 */
describe.skipIf(unavailable)('co-editing without silent loss (Chromium, two operators)', () => {
  let stack: Stack;
  let browser: Browser;
  let a: Page;
  let b: Page;
  let matchId: number;
  let token: string;
  const { get, post } = restAs(
    () => stack.url,
    () => token,
  );
  const setsOf = async () => (await get<{ results: ThresholdSet[] }>(`/api/1/match/${matchId}/thresholds`)).results;
  /** The match's 'VALUE · any contact' set of its first market. */
  const anyContactSet = async () => (await setsOf()).find((s) => s.type === 'VALUE' && s.contact_id === null && s.line === null)!;
  const editor = (page: Page) => page.locator('form.threshold-editor');
  const openSet = async (page: Page) => {
    await page
      .locator('.thresholds-sets li')
      .filter({ hasText: /^VALUE · any contact/ })
      .first()
      .locator('button.threshold-set')
      .click();
    await editor(page).waitFor();
  };
  const save = (page: Page) => editor(page).getByRole('button', { name: 'Save', exact: true }).click();
  const onThresholds = async (page: Page, watching = 2) => {
    await page.goto(`${stack.url}/match/${matchId}/thresholds`);
    await page.locator('.thresholds-sets li').first().waitFor();
    await expect.poll(() => page.locator('.live-indicator').textContent(), { timeout: 15_000 }).toMatch(new RegExp(`Watching: ${watching}`));
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    token = await loginThrough(stack.url);
    // The seeded match whose 'VALUE · any contact' set is timed (90 minutes before kick-off).
    const { results } = await get<{ results: { id: number }[] }>('/api/1/1/1/matches?limit=100');
    for (const match of results) {
      const { results: sets } = await get<{ results: ThresholdSet[] }>(`/api/1/match/${match.id}/thresholds`);
      if (sets.some((s) => s.type === 'VALUE' && s.contact_id === null && s.timed?.before === 90)) {
        matchId = match.id;
        break;
      }
    }
    a = await openConsole(browser, stack.url, DEMO.email, DEMO.password, 30_000);
    b = await openConsole(browser, stack.url, OPS.email, OPS.password, 30_000);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 120_000);

  it('a save keeps "timed before": the editor shows it and sends it back', async () => {
    expect(matchId).toBeGreaterThan(0);
    await Promise.all([onThresholds(a), onThresholds(b)]);
    await openSet(a);
    expect(await a.getByLabel('Timed before (minutes)').inputValue()).toBe('90');
    const [first] = (await editor(a).locator('legend').allTextContents()) as [string];
    await a.getByLabel(`${first} value`, { exact: true }).fill('2.51');
    await save(a);
    await expect.poll(async () => (await anyContactSet()).thresholds[first]?.value).toBe(2510);
    expect((await anyContactSet()).timed).toEqual({ before: 90 });
  }, 90_000);

  it("a clean editor follows the other's save, and non-overlapping changes merge without a dialog (three-way)", async () => {
    await openSet(b);
    const [first, second] = (await editor(a).locator('legend').allTextContents()) as [string, string];
    // B changes the first outcome and saves; A's open, untouched form follows it.
    await b.getByLabel(`${first} value`, { exact: true }).fill('2.6');
    await save(b);
    await expect.poll(() => a.getByLabel(`${first} value`, { exact: true }).inputValue(), { timeout: 15_000 }).toBe('2.6');
    // Both open, both typing: A changes the second outcome, B the first again; B saves first.
    await a.getByLabel(`${second} value`, { exact: true }).fill('4.4');
    await b.getByLabel(`${first} value`, { exact: true }).fill('2.65');
    await save(b);
    await expect.poll(async () => (await anyContactSet()).thresholds[first]?.value).toBe(2650);
    await save(a);
    // No question (nobody changed the same field), and B's change is not reverted.
    await expect.poll(async () => (await anyContactSet()).thresholds[second]?.value).toBe(4400);
    expect(await a.getByRole('dialog').count()).toBe(0);
    const set = await anyContactSet();
    expect(set.thresholds[first]?.value).toBe(2650);
    expect(set.timed).toEqual({ before: 90 });
    await expect.poll(() => a.getByLabel(`${first} value`, { exact: true }).inputValue()).toBe('2.65');

    // Both change the same field: the dialog lists that field only.
    await expect.poll(() => b.getByLabel(`${second} value`, { exact: true }).inputValue(), { timeout: 15_000 }).toBe('4.4');
    await a.getByLabel(`${first} value`, { exact: true }).fill('2.7');
    await b.getByLabel(`${first} value`, { exact: true }).fill('2.8');
    await b.getByLabel(`${second} value`, { exact: true }).fill('4.5');
    await save(a);
    await expect.poll(async () => (await anyContactSet()).thresholds[first]?.value).toBe(2700);
    await save(b);
    const dialog = b.getByRole('dialog');
    await expect.poll(() => dialog.textContent(), { timeout: 10_000 }).toContain('This threshold set was changed by Demo Operator');
    const rows = dialog.locator('tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().locator('td').allTextContents()).toEqual(['2.70', '2.80 (differs)']);
    await animationsDone(b);
    await b.screenshot({ path: screenshotPath('p32-conflict-only-overlap.png') });
    await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
    await expect.poll(async () => (await anyContactSet()).thresholds[first]?.value).toBe(2800);
    expect((await anyContactSet()).thresholds[second]?.value).toBe(4500);
  }, 120_000);

  it('a set deleted while another operator edits it is not re-created silently; Delete all says how many and who edits', async () => {
    await openSet(b);
    const [first] = (await editor(b).locator('legend').allTextContents()) as [string];
    await b.getByLabel(`${first} value`, { exact: true }).fill('3.3');
    const count = (await setsOf()).length;
    await expect.poll(() => a.getByRole('list', { name: 'Editing now' }).textContent(), { timeout: 15_000 }).toContain('Ops Operator is editing Thresholds');
    await a.getByRole('button', { name: 'Delete all' }).click();
    const confirm = a.getByRole('dialog', { name: 'Delete all' });
    await expect.poll(() => confirm.textContent()).toContain(`All ${count} threshold sets of this match go. Ops Operator is editing thresholds now.`);
    await animationsDone(a);
    await a.screenshot({ path: screenshotPath('p32-delete-all.png') });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(async () => (await setsOf()).length).toBe(0);

    const notice = b.locator('.deleted-while-open');
    await expect.poll(() => notice.textContent(), { timeout: 15_000 }).toContain('This set was deleted by Demo Operator while you had it open.');
    expect(await editor(b).getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    expect(await b.getByLabel(`${first} value`, { exact: true }).inputValue()).toBe('3.3');
    await animationsDone(b);
    await b.screenshot({ path: screenshotPath('p32-deleted-while-open.png') });
    await notice.getByRole('button', { name: 'Recreate it' }).click();
    await expect.poll(async () => (await setsOf()).map((s) => s.thresholds[first]?.value)).toEqual([3300]);
    expect((await setsOf())[0]!.timed).toEqual({ before: 90 });
  }, 120_000);

  it('saving twice in a row on Markets is no conflict with oneself', async () => {
    await a.goto(`${stack.url}/markets?market=1`);
    const form = a.getByRole('form', { name: /^Settings of / });
    const max = form.getByLabel('Max Threshold', { exact: true });
    for (const value of ['7', '8']) {
      await max.click();
      await max.press('Control+A');
      await max.pressSequentially(value);
      await max.press('Tab');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    }
    expect(await a.getByRole('dialog').count()).toBe(0);
    const { results } = await get<{ results: { id: number; meta: { max_threshold?: number } }[] }>('/api/1/1/1/markets?limit=100');
    expect(results.find((m) => m.id === 1)?.meta.max_threshold).toBe(8);
  }, 60_000);

  it('a save after logging out in another tab asks to sign in and then saves the edit', async () => {
    await onThresholds(b, 1);
    await openSet(b);
    const [first] = (await editor(b).locator('legend').allTextContents()) as [string];
    await b.getByLabel(`${first} value`, { exact: true }).fill('3.45');
    // A second tab of the same browser (shared storage) logs out.
    const other = await b.context().newPage();
    await other.goto(`${stack.url}/`);
    await other.getByRole('button', { name: 'Settings menu' }).click();
    await other.getByText('Logout', { exact: true }).click();
    await other.getByLabel('Email').waitFor();
    await other.close();
    // The first tab says so at once, keeping the edit; signing in there saves it.
    const dialog = b.getByRole('dialog', { name: 'Your session has ended' });
    await dialog.waitFor({ timeout: 10_000 });
    await animationsDone(b);
    await b.screenshot({ path: screenshotPath('p32-logged-out-elsewhere.png') });
    await dialog.getByLabel('Password').fill(OPS.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await b.getByLabel(`${first} value`, { exact: true }).inputValue()).toBe('3.45');
    await save(b);
    await expect.poll(async () => (await anyContactSet())?.thresholds[first]?.value).toBe(3450);
  }, 90_000);

  it('the Contacts and Stats lists follow another operator\'s save, with one spaced "changed by" mark', async () => {
    await a.goto(`${stack.url}/contacts`);
    const contactsTable = a.getByRole('table', { name: 'Contacts' });
    await contactsTable.getByRole('row').nth(1).waitFor();
    const [id, name] = await contactsTable.getByRole('row').nth(1).locator('td').allTextContents();
    const contact = { id: Number(id), name: name! };
    // Toggled twice by the demo operator's token (another console): the list follows, no reload.
    await post(`/api/1/contact/${contact.id}/toggleactive`, {});
    const row = contactsTable.getByRole('row').filter({ hasText: contact.name });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain(`${contact.name} changed by Demo Operator just now`);
    await animationsDone(a);
    await a.screenshot({ path: screenshotPath('p32-contacts-live.png') });
    await post(`/api/1/contact/${contact.id}/toggleactive`, {});

    await b.goto(`${stack.url}/events/${matchId}`);
    await b.getByRole('table').first().waitFor();
    await expect.poll(() => b.locator('.live-indicator').textContent(), { timeout: 15_000 }).toMatch(/Live: ok/);
    const { results: types } = await get<{ results: { id: number }[] }>('/api/1/events/types');
    const [created] = (
      await post<{ results: { id: number }[] }>('/api/1/events', { events: [{ match_id: matchId, type: types[0]!.id, period: 2, game_time: 77 }] })
    ).results;
    const eventRow = b.getByRole('row').filter({ hasText: `${created!.id} changed by Demo Operator just now` });
    await expect.poll(() => eventRow.count(), { timeout: 15_000 }).toBe(1);
    expect(await eventRow.textContent()).toContain(`${created!.id} changed by Demo Operator just now`);
    await animationsDone(b);
    await b.screenshot({ path: screenshotPath('p32-stats-mark.png') });
  }, 90_000);
});
