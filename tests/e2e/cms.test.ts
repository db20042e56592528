import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, choose, launchBrowser, openConsole, screenshotPath } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';
import { seriousViolations } from '../support/axe';

const unavailable = browserUnavailable();

/** Waits up to 10 s for what the page shows (expect.poll gives up after 1 s). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/** A 4×2 red PNG, built byte by byte so the test needs no fixture file. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000004000000020802000000f0caea340000001049444154789c63b8a3a101470cc81c007f9a09617ab4163b0000000049454e44ae426082',
  'hex',
);

const EN = 'E2E: back {{home.name}} before kick-off';
const DA = 'E2E: spil på {{home.name}} før kampstart';

/** Picks an option of the PrimeReact dropdown or multi-select whose input has this id. */

// Each step runs axe over a full screen, which takes seconds on a busy 2-core machine.
describe.skipIf(unavailable)('content management in Chromium', { timeout: 60_000 }, () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let groupUrl = '';

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    page = await openConsole(browser, stack.url, DEMO.email, DEMO.password);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('creates a grouped content in two languages and lists both items in the CMS list', async () => {
    await page.goto(`${stack.url}/cms/create/group`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Grouped Content');
    await page.getByLabel('Group Name').fill('E2E kick-off');
    await choose(page, 'group-type', 'cta');
    await choose(page, 'group-markets', 'Match Result');
    await page.keyboard.press('Escape');
    // The link targets are the first market's threshold keys.
    await page
      .locator('.p-dropdown')
      .filter({ has: page.locator('#group-link-target') })
      .click();
    expect(await page.locator('.p-dropdown-panel').getByRole('option').allTextContents()).toEqual(['home', 'draw', 'away']);
    await page.locator('.p-dropdown-panel').getByRole('option', { name: 'draw' }).click();
    await page.getByLabel('Content - English').fill(EN);
    await page.getByLabel('Content - Danish').fill(DA);
    await page.screenshot({ path: screenshotPath('e2e-group-create.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/cms$/);
    const table = page.getByRole('table', { name: 'Content items' });
    await poll(() => table.getByRole('row').filter({ hasText: EN }).count()).toBe(1);
    const danish = table.getByRole('row').filter({ hasText: DA });
    expect(await danish.textContent()).toContain('Danish');
    expect(await danish.textContent()).toContain('E2E kick-off');
    await page.screenshot({ path: screenshotPath('e2e-cms-list.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    groupUrl = (await danish.getByRole('link', { name: 'E2E kick-off' }).getAttribute('href')) ?? '';
    expect(groupUrl).toMatch(/^\/cms\/group\/\d+\/$/);
  });

  it('opens the group for editing with the form filled', async () => {
    await page.getByRole('table', { name: 'Content items' }).getByRole('link', { name: 'E2E kick-off' }).first().click();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Edit Grouped Content');
    await poll(() => page.getByLabel('Content - Danish').inputValue()).toBe(DA);
    expect(await page.getByLabel('Content - English').inputValue()).toBe(EN);
    expect(await page.getByLabel('Content - Swedish').inputValue()).toBe('');
    expect(await page.getByLabel('Group Name').inputValue()).toBe('E2E kick-off');
    const field = (id: string) =>
      page
        .locator('.p-dropdown, .p-multiselect')
        .filter({ has: page.locator(`#${id}`) })
        .textContent();
    expect(await field('group-type')).toContain('cta');
    expect(await field('group-markets')).toContain('Match Result');
    expect(await field('group-link-target')).toContain('draw');
    await page.screenshot({ path: screenshotPath('e2e-group-edit.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('warns before leaving the edited group with unsaved changes', async () => {
    await page.getByLabel('Content - Swedish').fill('E2E: spela på {{home.name}}');
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'CMS' }).click();
    await poll(() => asked).toContain('unsaved changes');
    expect(new URL(page.url()).pathname).toBe(groupUrl);
    // Saving adds the Swedish item and leaves without asking.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/cms$/);
    await poll(() => page.getByRole('row').filter({ hasText: 'E2E: spela på' }).count()).toBe(1);
  });

  it('refuses a non-image upload with a visible message, and shows an uploaded image', async () => {
    await page.getByRole('button', { name: 'New content' }).click();
    const dialog = page.getByRole('dialog', { name: 'New content' });
    await choose(page, 'content-type', 'image');
    await dialog.getByLabel('Image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await poll(() => dialog.getByRole('alert').textContent()).toContain('Only image files can be uploaded');
    await page.screenshot({ path: screenshotPath('e2e-upload-refused.png') });
    // A file that claims to be a PNG but is not one is refused by the server, its message shown.
    await dialog.getByLabel('Image').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await poll(() => page.getByRole('alert').filter({ hasText: 'Only image files (PNG, JPEG, GIF, WebP)' }).count()).toBe(1);
    await dialog.getByLabel('Image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('img', { name: 'Preview of banner.png' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Newest first: the item just created leads the list.
    const image = page
      .getByRole('table', { name: 'Content items' })
      .getByRole('img', { name: /^Image content \d+$/ })
      .first();
    await image.waitFor();
    await poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(4);
    await page.screenshot({ path: screenshotPath('e2e-cms-image.png'), fullPage: true });
  });

  it('flips deliver and auto build on success, and keeps them', async () => {
    const row = page.getByRole('table', { name: 'Content items' }).getByRole('row').filter({ hasText: EN });
    const id = (await row.getByRole('cell').nth(1).textContent())?.trim();
    const deliver = row.getByRole('switch', { name: `Deliver content ${id}` });
    const autoBuild = row.getByRole('switch', { name: `Auto build content ${id}` });
    expect([await deliver.isChecked(), await autoBuild.isChecked()]).toEqual([true, false]);
    await deliver.click();
    await autoBuild.click();
    await poll(async () => [await deliver.isChecked(), await autoBuild.isChecked()]).toEqual([false, true]);
    await page.reload();
    await poll(async () => [await deliver.isChecked(), await autoBuild.isChecked()]).toEqual([false, true]);
    // Filtered by the active flag, the list holds it among the inactive items only.
    await choose(page, 'cms-filter-active', 'No');
    await page.waitForURL(/active=false/);
    await poll(() => row.count()).toBe(1);
    await choose(page, 'cms-filter-active', 'Yes');
    await poll(() => row.count()).toBe(0);
    await page.goto(`${stack.url}/cms`);
  });

  it('lists the query tags in the tag modal, copyable for either team', async () => {
    await page.getByRole('button', { name: 'Query tags' }).click();
    const dialog = page.getByRole('dialog', { name: 'Query tags' });
    await dialog.getByRole('button', { name: 'Copy {{home.name}}' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Copy {{away.short_name}}' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it("compiles ad-hoc content in the playground with the teams' values", async () => {
    await page.getByRole('button', { name: 'Playground' }).click();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Playground');
    await page.getByLabel('Home team').fill('Brazil');
    await page.getByRole('option', { name: 'Brazil' }).click();
    await page.getByLabel('Away team').fill('Switz');
    await page.getByRole('option', { name: 'Switzerland' }).click();
    await page.getByLabel('Odds home (1)').fill('2.15');
    await page.getByLabel('Ad-hoc content').fill('{{home.name}} v {{away.name}} at {{odds.home}}');
    await page.getByRole('button', { name: 'Test' }).click();
    const results = page.getByRole('list', { name: 'Compiled content' });
    await poll(() => results.textContent()).toContain('Brazil v Switzerland at 2.15');
    expect(await page.getByRole('table', { name: 'Odds' }).textContent()).toContain('2.15');
    await page.screenshot({ path: screenshotPath('e2e-playground.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/cms\/$/);
  });

  it('deletes the picked items together and stays on /cms', async () => {
    const table = page.getByRole('table', { name: 'Content items' });
    await table.getByRole('row').filter({ hasText: EN }).waitFor();
    for (const text of [EN, DA]) await table.getByRole('row').filter({ hasText: text }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 content items?' });
    expect(await dialog.getByRole('region', { name: 'Content to delete' }).textContent()).toContain(DA);
    // Colours are checked once the dialog has faded in (mid-way its text is paler than it will be).
    await poll(() => dialog.evaluate((el) => el.closest('.p-dialog')?.className ?? el.className)).toContain('p-dialog-enter-done');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete all' }).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => table.getByRole('row').filter({ hasText: 'E2E: back' }).count()).toBe(0);
    // The Swedish item of the group was not picked: it stays.
    await poll(() => table.getByRole('row').filter({ hasText: 'E2E: spela på' }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/cms');
  });

  it('shows the content edit page and the match content draft page', async () => {
    const table = page.getByRole('table', { name: 'Content items' });
    const id = (await table.getByRole('row').filter({ hasText: 'E2E: spela på' }).getByRole('cell').nth(1).textContent())?.trim();
    await page.goto(`${stack.url}/cms/edit/${id}`);
    await poll(() => page.getByLabel('Content', { exact: true }).inputValue()).toBe('E2E: spela på {{home.name}}');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${stack.url}/cms/match/1/edit`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/ content draft$/);
    await page.getByLabel('Title', { exact: true }).fill('{{home.name}} host {{away.name}}');
    await page.getByRole('button', { name: 'Preview' }).click();
    await poll(() => page.locator('.draft-preview').textContent()).toMatch(/^Title\w/);
    await page.screenshot({ path: screenshotPath('e2e-match-draft.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
