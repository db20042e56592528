import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, launchBrowser, openConsole, screenshotPath } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';
import { seriousViolations } from '../support/axe';

const unavailable = browserUnavailable();

/** Waits up to 10 s for what the page shows (expect.poll gives up after 1 s). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

const NAME = 'E2E push – Danish in-play';

/** Every value the rate-limited push contact is saved with, by field label. */
const LIMITS: Record<string, string> = {
  'Rate Limiter Minutes': '5',
  'Max Pushes per Market per Match': '3',
  'Max Pushes per Match (All Markets)': '6',
  'Max Pushes per Market in Period 1': '2',
  'Max Pushes in Period 1 (All Markets)': '4',
  'Max Pushes per Market in Period 2': '1',
  'Max Pushes in Period 2 (All Markets)': '3',
};

// Each step runs axe over a full screen, which takes seconds on a busy 2-core machine.
describe.skipIf(unavailable)('contacts in Chromium', { timeout: 60_000 }, () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let contactId: number;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    page = await openConsole(browser, stack.url, DEMO.email, DEMO.password);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it("lists the provider's contacts under 'Contacts' with their destination and state", async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(['Id', 'Name', 'Channel', 'Destination', 'Active', 'Options']);
    const email = page.getByRole('row').filter({ hasText: 'Newsletter – Nordic weekly' });
    await poll(() => email.textContent()).toContain('nordic-weekly@lists.nordicsportsbook.example');
    expect(await page.getByRole('row').filter({ hasText: 'Finnish casual bettors' }).textContent()).toContain('No');
    await page.screenshot({ path: screenshotPath('e2e-contacts.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('creates a rate-limited push contact with per-period limits', async () => {
    await page.getByRole('button', { name: 'Add Contact' }).click();
    await page.waitForURL(/\/contacts\/edit$/);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Create Contact');
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    // Push is the default channel: its destinations are device id, segment and list id.
    await page.getByLabel('Device Id').fill('e2e-device-0001');
    expect(await page.getByLabel('Email').count()).toBe(0);
    await page.getByText('1 : Newsletter – Nordic weekly').waitFor();
    await page.getByLabel('Raw Filter').fill('{"markets": ["Match Result"]}');
    await page
      .locator('.p-multiselect')
      .filter({ has: page.locator('#contact-languages') })
      .click();
    await page.locator('.p-multiselect-panel').getByRole('option', { name: 'Danish' }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Subscribe contact to all matches and leagues').check();
    await page.getByLabel('Rate limiter on').check();
    for (const [label, value] of Object.entries(LIMITS)) await page.getByLabel(label, { exact: true }).fill(value);
    // Football has two periods: no caps for a third.
    expect(await page.getByLabel('Max Pushes per Market in Period 3').count()).toBe(0);
    // Picked with the keyboard: a click would scroll the page, and PrimeReact closes the suggestions on scroll.
    const leagues = page.getByLabel('Leagues', { exact: true });
    await leagues.fill('World');
    await page.getByRole('option', { name: 'FIFA World Cup' }).waitFor();
    expect((await page.getByRole('listbox').getByRole('option').allTextContents())[0]).toBe('FIFA World Cup');
    await leagues.press('ArrowDown');
    await leagues.press('Enter');
    await page.locator('.p-autocomplete-token').filter({ hasText: 'FIFA World Cup' }).waitFor();
    await page.screenshot({ path: screenshotPath('e2e-contact-create.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/contacts$/);
    const row = page.getByRole('row').filter({ hasText: NAME });
    await poll(() => row.textContent()).toContain('e2e-device-0001');
    contactId = Number((await row.getByRole('cell').first().textContent())?.trim());
    expect(contactId).toBeGreaterThan(0);
  });

  it('keeps every value across a reload of the edit form', async () => {
    await page.getByRole('link', { name: `Edit contact ${contactId}` }).click();
    await page.waitForURL(new RegExp(`/contacts/${contactId}/edit$`));
    await page.reload();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Edit Contact ${NAME}`);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(NAME);
    expect(await page.getByLabel('Device Id').inputValue()).toBe('e2e-device-0001');
    expect(await page.getByLabel('Segment').inputValue()).toBe('');
    expect(await page.getByLabel('Raw Filter').inputValue()).toBe('{"markets": ["Match Result"]}');
    expect(await page.getByLabel('Contact is active').isChecked()).toBe(true);
    expect(await page.getByLabel('Subscribe contact to all matches and leagues').isChecked()).toBe(true);
    expect(await page.getByLabel('Rate limiter on').isChecked()).toBe(true);
    for (const [label, value] of Object.entries(LIMITS)) expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe(value);
    const languages = await page
      .locator('.p-multiselect')
      .filter({ has: page.locator('#contact-languages') })
      .locator('.p-multiselect-token')
      .allTextContents();
    expect(languages).toEqual(['English', 'Danish']);
    await poll(() =>
      page
        .locator('.p-autocomplete')
        .filter({ has: page.locator('#contact-leagues') })
        .textContent(),
    ).toContain('FIFA World Cup');
    await page.screenshot({ path: screenshotPath('e2e-contact-edit.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('warns before leaving unsaved changes', async () => {
    await page.getByLabel('Name', { exact: true }).fill(`${NAME} (changed)`);
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contacts' }).click();
    await poll(() => asked.length).toBe(1);
    expect(page.url()).toMatch(new RegExp(`/contacts/${contactId}/edit$`));
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(`${NAME} (changed)`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contacts' }).click();
    await page.waitForURL(/\/contacts$/);
  });

  it('deactivates and activates the contact, reloading the list', async () => {
    const row = page.getByRole('row').filter({ hasText: NAME });
    await poll(() => row.getByRole('cell').nth(4).textContent()).toBe('Yes');
    await row.getByRole('button', { name: `Deactivate contact ${contactId}` }).click();
    await poll(() => row.getByRole('cell').nth(4).textContent()).toBe('No');
    await row.getByRole('button', { name: `Activate contact ${contactId}` }).click();
    await poll(() => row.getByRole('cell').nth(4).textContent()).toBe('Yes');
  });

  it('deletes the contact after a second, confirming click', async () => {
    const row = page.getByRole('row').filter({ hasText: NAME });
    await row.getByRole('button', { name: `Delete contact ${contactId}` }).click();
    await row.getByRole('button', { name: `Confirm: Delete contact ${contactId}` }).click();
    await poll(() => page.getByRole('row').filter({ hasText: NAME }).count()).toBe(0);
  });
});
