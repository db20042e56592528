import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, launchBrowser, openConsole, screenshotPath } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/**
 * Most key presses allowed from a freshly opened Matches page to a match of page 2 (it
 * took 169 Tab presses to reach the pager). The path below takes 11: Tab Tab (skip links),
 * Enter (on the pager), Tab Enter (page 2), Shift+Tab ×4 (back into the table's one tab stop),
 * ArrowDown (second row), Enter (its match).
 */
const MAX_PRESSES = 12;

/** Keyboard-only use of a list screen: skip links, one tab stop per table, arrow keys in it. */
describe.skipIf(unavailable)('keyboard-only Matches (Chromium)', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let presses = 0;

  const press = async (key: string) => {
    presses += 1;
    await page.keyboard.press(key);
  };
  /** What has the focus: its tag, accessible name or text, and tabindex. */
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { tag: el.tagName, name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(), tabIndex: el.tabIndex };
    });
  const matchesBusy = () => page.locator('table[aria-label="Matches"]').getAttribute('aria-busy');

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    page = await openConsole(browser, stack.url, DEMO.email, DEMO.password);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 120_000);

  it(`reaches page 2 and opens a match of it in at most ${MAX_PRESSES} key presses`, { timeout: 120_000 }, async () => {
    await page.goto(`${stack.url}/matches`);
    await expect.poll(matchesBusy, { timeout: 15_000 }).toBe('false');
    const ids = () => page.locator('table[aria-label="Matches"] tbody tr td:first-child').allTextContents();
    const firstPage = await ids();
    expect(firstPage).toHaveLength(20);

    // The first Tab stops of the page are the skip links, shown when focused.
    await press('Tab');
    expect(await focused()).toMatchObject({ tag: 'A', name: 'Skip to table: Matches' });
    expect(await page.getByRole('link', { name: 'Skip to table: Matches' }).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('e2e-keyboard-skip-link.png') });
    await press('Tab');
    expect(await focused()).toMatchObject({ tag: 'A', name: 'Skip to pager: Matches' });
    await press('Enter');
    expect(await focused()).toMatchObject({ tag: 'BUTTON', name: 'Page 1' });

    // Page 2.
    await press('Tab');
    expect(await focused()).toMatchObject({ tag: 'BUTTON', name: 'Page 2' });
    await press('Enter');
    await expect.poll(() => new URL(page.url()).search).toBe('?page=2');
    await expect.poll(async () => (await ids())[0], { timeout: 15_000 }).not.toBe(firstPage[0]);
    await expect.poll(matchesBusy).toBe('false');
    const secondPage = await ids();
    expect(secondPage).toHaveLength(20);

    // Back into the table: its one tab stop is the first row of the page (no links in between).
    for (let i = 0; i < 4; i += 1) await press('Shift+Tab');
    const row = await focused();
    expect(row.tag).toBe('TR');
    expect(row.name.startsWith(secondPage[0]!)).toBe(true);
    await press('ArrowDown');
    expect((await focused()).name.startsWith(secondPage[1]!)).toBe(true);
    await page.screenshot({ path: screenshotPath('e2e-keyboard-focused-row.png') });

    // Enter opens the row's match.
    await press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/match/${secondPage[1]}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(presses).toBeLessThanOrEqual(MAX_PRESSES);
  });

  it('moves inside a row with the arrow keys and leaves the table with one Tab', { timeout: 60_000 }, async () => {
    await page.goto(`${stack.url}/matches`);
    await expect.poll(matchesBusy, { timeout: 15_000 }).toBe('false');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect((await focused()).tag).toBe('TR');
    // Right: the row's links in order (the match id first), Down keeps the column.
    await page.keyboard.press('ArrowRight');
    const first = await focused();
    expect(first.tag).toBe('A');
    await page.keyboard.press('ArrowRight');
    expect((await focused()).name).toMatch(/^(World Cup|FIFA)/);
    await page.keyboard.press('ArrowDown');
    expect((await focused()).name).toMatch(/^(World Cup|FIFA)/);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const secondRow = await focused();
    expect(secondRow.tag).toBe('TR');
    // From the row: Tab walks its controls (8 here: id, league, 6 match pages), then leaves the table for the pager.
    await page.keyboard.press('End');
    const lastRow = await focused();
    expect(lastRow.tag).toBe('TR');
    let steps = 0;
    while ((await focused()).tag !== 'BUTTON' && steps < 20) {
      await page.keyboard.press('Tab');
      steps += 1;
    }
    expect(steps).toBe(9);
    expect((await focused()).name).toBe('Page 1');
    // Shift+Tab comes back to the row last focused (the last one), not to the first row.
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toEqual(lastRow);
    expect(lastRow.name).not.toBe(secondRow.name);
  });
});
