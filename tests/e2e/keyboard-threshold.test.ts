import type { ListReply, Match } from '@odds/protocol';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches } from '@odds/upstream/testing';
import { browserUnavailable, launchBrowser, openConsole, screenshotPath } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/**
 * Most key presses from a freshly opened Matches page to a saved threshold of the live match
 * (54 before the Matches list had 'Live matches first' and opening a set moved the
 * focus into the editor).
 */
const MAX_PRESSES = 30;

interface ThresholdSet {
  id: number;
  type: string;
  contact_id: number | null;
  line: number | null;
  thresholds: Record<string, { value?: number }>;
}

describe.skipIf(unavailable)('keyboard only: from Matches to a saved threshold (Chromium)', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let token: string;
  let live: Match;
  let presses = 0;
  const log: string[] = [];

  const press = async (key: string) => {
    presses += 1;
    log.push(key);
    await page.keyboard.press(key);
  };
  /** What has the focus: its tag and accessible name (or text). */
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
      return { tag: el.tagName, name: (el.getAttribute('aria-label') ?? label ?? el.textContent ?? '').trim() };
    });
  /** Tab (each press counted) until the focus is on what `is` accepts, at most `max` times. */
  const tabTo = async (is: (f: { tag: string; name: string }) => boolean, max = 15) => {
    for (let i = 0; i < max; i += 1) {
      await press('Tab');
      if (is(await focused())) return;
    }
    throw new Error(`not reached in ${max} Tabs; focus on ${JSON.stringify(await focused())}`);
  };
  const get = async <T>(path: string): Promise<T> =>
    (await (await fetch(`${stack.upstreamUrl}${path}`, { headers: { authorization: `Token ${token}` } })).json()) as T;
  const anyContactSet = async () =>
    (await get<{ results: ThresholdSet[] }>(`/api/1/match/${live.id}/thresholds`)).results.find(
      (s) => s.type === 'VALUE' && s.contact_id === null && s.line === null,
    )!;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    token = await stack.upstream.login();
    // The next Classics fixture (it has the seeded threshold sets) kicked off 20 minutes ago: the live match.
    const classics = (await get<ListReply<Match>>('/api/1/1/1/matches?q=World%20Cup%20Classics&timeframe=FUTURE&order_by=start&limit=1')).results;
    live = classics[0]!;
    await stack.upstream.database.db
      .update(matches)
      .set({ start: new Date(Date.now() - 20 * 60_000) })
      .where(eq(matches.id, live.id));
    page = await openConsole(browser, stack.url, DEMO.email, DEMO.password, 15_000);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 120_000);

  it(`saves a threshold of the live match in at most ${MAX_PRESSES} key presses`, { timeout: 120_000 }, async () => {
    await page.goto(`${stack.url}/matches`);
    await expect.poll(() => page.locator('table[aria-label="Matches"]').getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
    const firstId = () => page.locator('table[aria-label="Matches"] tbody tr td:first-child').first().textContent();
    // Kick-off 20 minutes ago: below the future fixtures in the default order (-start).
    expect(await firstId()).not.toBe(String(live.id));

    // Into the table by its skip link, back to 'Live matches first' just before it.
    await press('Tab');
    expect(await focused()).toEqual({ tag: 'A', name: 'Skip to table: Matches' });
    await press('Enter');
    expect((await focused()).tag).toBe('TR');
    for (let i = 0; i < 10 && (await focused()).name !== 'Live matches first'; i += 1) await press('Shift+Tab');
    expect(await focused()).toEqual({ tag: 'BUTTON', name: 'Live matches first' });
    await press('Enter');
    await expect.poll(() => new URL(page.url()).search).toBe('?sort=-live');
    await expect.poll(firstId, { timeout: 15_000 }).toBe(String(live.id));
    // Flagged in its row.
    expect(await page.locator('table[aria-label="Matches"] tbody tr').first().getByText('Live', { exact: true }).count()).toBe(1);
    // On into the table (its first row, the live match) and along the row's links to its Thresholds.
    await tabTo((f) => f.tag === 'TR', 10);
    expect((await focused()).name.startsWith(String(live.id))).toBe(true);
    for (let i = 0; i < 10 && (await focused()).name !== `Thresholds of match ${live.id}`; i += 1) await press('ArrowRight');
    expect((await focused()).name).toBe(`Thresholds of match ${live.id}`);
    await press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/match/${live.id}/thresholds`);
    await page.locator('.thresholds-sets li').first().waitFor();
    // The tab starts the focus at its heading, not at the top of the shell.
    await expect.poll(async () => (await focused()).tag).toBe('H1');

    // Opening the set puts the focus on its first threshold, selected: typing replaces it, Enter saves.
    await tabTo((f) => f.tag === 'BUTTON' && f.name.startsWith('VALUE · any contact'), 10);
    await press('Enter');
    await expect.poll(async () => (await focused()).tag).toBe('INPUT');
    const field = (await focused()).name;
    expect(field).toMatch(/^\w+ value$/);
    const outcome = field.replace(/ value$/, '');
    expect((await anyContactSet()).thresholds[outcome]?.value).not.toBe(4000);
    await page.screenshot({ path: screenshotPath('e2e-keyboard-threshold-editor.png') });
    await press('4');
    await press('Enter');
    await expect.poll(async () => (await anyContactSet()).thresholds[outcome]?.value, { timeout: 15_000 }).toBe(4000);
    console.info(`saved a threshold of the live match in ${presses} key presses: ${log.join(' ')}`);
    await page.screenshot({ path: screenshotPath('e2e-keyboard-threshold-saved.png') });
    expect(presses).toBeLessThanOrEqual(MAX_PRESSES);
  });
});
