import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, launchBrowser, openConsole, screenshotPath } from '../support/browser';
import { OPS } from '@odds/upstream/testing';
import { DEMO, loginThrough, startStack, type Stack } from '../support/stack';
import { seriousViolations, settled } from './a11y.support';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

interface Ids {
  match: number;
  league: number;
  season: number;
  home: number;
  away: number;
  market: number;
  content: number;
  group: number;
  contact: number;
  tracker: number;
}

/**
 * Every screen of the router (client/src/router/routes.tsx), with the seeded demo records: each
 * route once, the parametrised ones with real ids. `/` and `/home` are one screen, as are the
 * tables and stats routes with and without their season (the latter pick the newest season).
 */
const SCREENS: [string, (id: Ids) => string][] = [
  ['home', () => '/'],
  ['matches', () => '/matches'],
  ['league matches', (id) => `/league/${id.league}/matches`],
  ['leagues', () => '/leagues'],
  ['league tables', (id) => `/league/${id.league}/tables/${id.season}`],
  ['league stats', (id) => `/league/${id.league}/stats/${id.season}`],
  ['league stats of a team', (id) => `/league/${id.league}/stats/${id.season}/team/${id.home}`],
  ['league stats of a team and market', (id) => `/league/${id.league}/stats/${id.season}/team/${id.home}/market/${id.market}`],
  ['stats2', (id) => `/league/${id.league}/stats2`],
  ['stats2 teams', (id) => `/league/${id.league}/stats2/${id.season}/teams`],
  ['stats2 two teams', (id) => `/league/${id.league}/stats2/${id.season}/teams/${id.home}/${id.away}`],
  ['stats2 two teams and a market', (id) => `/league/${id.league}/stats2/${id.season}/teams/${id.home}/${id.away}/market/${id.market}`],
  ['teams', () => '/teams'],
  ['teams of a league', (id) => `/teams/league/${id.league}`],
  ['markets', () => '/markets'],
  ['settings', () => '/settings'],
  ['reports', () => '/reports'],
  ['cms', () => '/cms'],
  ['cms new item', () => '/cms/edit'],
  ['cms item', (id) => `/cms/edit/${id.content}`],
  ['cms match draft', (id) => `/cms/match/${id.match}/edit`],
  ['cms new group', () => '/cms/create/group'],
  ['cms group', (id) => `/cms/group/${id.group}`],
  ['playground', () => '/cms/builder'],
  ['contacts', () => '/contacts'],
  ['new contact', () => '/contacts/edit'],
  ['contact', (id) => `/contacts/${id.contact}/edit`],
  ['stat events', () => '/events'],
  ['trackers', () => '/trackers'],
  ['new tracker', () => '/tracker/new'],
  ['tracker', (id) => `/tracker/${id.tracker}`],
  ['match graph', (id) => `/match/${id.match}`],
  ['match thresholds', (id) => `/match/${id.match}/thresholds`],
  ['match feed', (id) => `/match/${id.match}/feed`],
  ['match delivery', (id) => `/match/${id.match}/delivery`],
  ['match content', (id) => `/match/${id.match}/content`],
  ['match stats list', (id) => `/events/${id.match}`],
  ['match add stat', (id) => `/event/${id.match}/edit`],
  ['displays', () => '/displays'],
  ['not found', () => '/no-such-screen'],
];

/**
 * Axe over every screen of the console and over its overlays open: 0 serious or
 * critical violations. Screenshots of each overlay land in this run's screenshot folder (e2e-a11y-*.png).
 */
describe.skipIf(unavailable)('accessibility of every screen and overlay (axe, Chromium)', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let token: string;
  let id: Ids;

  const get = async <T>(path: string): Promise<T> => {
    const reply = await fetch(`${stack.url}${path}`, { headers: { authorization: `Token ${token}` } });
    expect(reply.status, path).toBe(200);
    return (await reply.json()) as T;
  };
  const open = async (path: string) => {
    await page.goto(`${stack.url}${path}`);
    await settled(page);
  };
  /** The violations with the overlay open, after a screenshot of it. */
  const check = async (name: string, data = true): Promise<string[]> => {
    await settled(page, { data });
    await page.screenshot({ path: screenshotPath(`e2e-a11y-${name}.png`) });
    return (await seriousViolations(page)).map((line) => `${name}: ${line}`);
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    token = await loginThrough(stack.url);
    // A seeded match with match content (the replayed classics have it), so every tab has something.
    const { results: matches } = await get<{ results: { id: number; home: { id: number }; away: { id: number }; league: { id: number } }[] }>(
      '/api/1/1/1/matches?limit=100',
    );
    let match = matches[0]!;
    for (const m of matches) {
      if ((await get<{ results: unknown[] }>(`/api/1/match/${m.id}/content`)).results.length > 0) {
        match = m;
        break;
      }
    }
    const table = await get<{ league: { seasons: { id: number }[] } }>(`/api/1/1/league/${match.league.id}/table`);
    id = {
      match: match.id,
      league: match.league.id,
      season: table.league.seasons.at(-1)!.id,
      home: match.home.id,
      away: match.away.id,
      market: (await get<{ results: { id: number }[] }>('/api/1/1/1/markets?limit=1')).results[0]!.id,
      content: (await get<{ results: { id: number }[] }>('/api/1/contents?limit=1')).results[0]!.id,
      group: (await get<{ results: { id: number }[] }>('/api/1/groups?limit=1')).results[0]!.id,
      contact: (await get<{ items: { id: number }[] }>('/api/1/contacts?limit=1')).items[0]!.id,
      tracker: (await get<{ results: { id: number }[] }>('/api/1/trackers?limit=1')).results[0]!.id,
    };
    page = await openConsole(browser, stack.url, DEMO.email, DEMO.password, 15_000);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 120_000);

  // Five screens a test, so that a slow machine fails one group's time limit, not the whole list's.
  for (let from = 0; from < SCREENS.length; from += 5) {
    const group = SCREENS.slice(from, from + 5);
    it(`finds no serious or critical violation on these screens as loaded: ${group.map(([name]) => name).join(', ')}`, { timeout: 300_000 }, async () => {
      const found: string[] = [];
      for (const [name, path] of group) {
        await open(path(id));
        found.push(...(await seriousViolations(page)).map((line) => `${name} (${path(id)}): ${line}`));
      }
      expect(found).toEqual([]);
    });
  }

  it('finds none with the dropdowns, calendar, search, basket and menus open', { timeout: 300_000 }, async () => {
    const found: string[] = [];
    await open('/matches');
    // The League dropdown, open with its filter.
    await page
      .locator('.p-dropdown')
      .filter({ has: page.locator('#matches-league') })
      .click();
    await page.locator('.p-dropdown-panel').waitFor();
    found.push(...(await check('league-dropdown')));
    await page.keyboard.press('Escape');
    // The Match date calendar, from its button.
    await page.locator('.p-calendar').getByRole('button').click();
    await page.locator('.p-datepicker').waitFor();
    found.push(...(await check('calendar')));
    await page.keyboard.press('Escape');
    // The global search with its hits.
    await page.getByLabel('Search leagues, teams or matches').fill('Arg');
    await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().waitFor();
    found.push(...(await check('global-search')));
    await page.getByLabel('Search leagues, teams or matches').fill('');
    // The settings menu and the basket.
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.locator('.p-menu, .p-tieredmenu, [role="menu"]').first().waitFor();
    found.push(...(await check('settings-menu')));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Basket/ }).click();
    await page.getByRole('dialog').waitFor();
    found.push(...(await check('basket')));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // The match header's Market dropdown (axe aria-allowed-attr on PrimeReact's wrapper).
    await open(`/match/${id.match}`);
    await page
      .locator('.p-dropdown')
      .filter({ has: page.locator('#match-market-select') })
      .locator('.p-dropdown-trigger')
      .click();
    await page.locator('.p-dropdown-panel').waitFor();
    found.push(...(await check('market-dropdown')));
    await page.keyboard.press('ArrowDown');
    found.push(...(await check('market-dropdown-option-focused')));
    await page.keyboard.press('Escape');
    // 'Copy from another match' with its match picker.
    await page.getByRole('button', { name: 'Copy from another match' }).click();
    const copy = page.getByRole('dialog', { name: 'Copy from another match' });
    await copy.waitFor();
    found.push(...(await check('copy-from-dialog')));
    await copy.getByRole('button', { name: 'Cancel' }).click();
    await copy.waitFor({ state: 'hidden' });
    // The History panel: its scrolling list is reachable by keyboard.
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.locator('.history-panel');
    await history.waitFor();
    expect(await history.getByRole('region', { name: 'Changes, newest first' }).getAttribute('tabindex')).toBe('0');
    found.push(...(await check('history')));
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });
    expect(found).toEqual([]);
  });

  it('finds none in the confirm dialogs: thresholds "Delete all" and CMS "Delete selected"', { timeout: 300_000 }, async () => {
    const found: string[] = [];
    await open(`/match/${id.match}/thresholds`);
    await page.getByRole('list', { name: 'Markets' }).getByRole('button').first().waitFor();
    const deleteAll = page.getByRole('button', { name: 'Delete all', exact: true });
    await expect.poll(() => deleteAll.isEnabled(), { timeout: 10_000 }).toBe(true);
    await deleteAll.click();
    const confirm = page.getByRole('dialog', { name: 'Delete all' });
    await confirm.waitFor();
    found.push(...(await check('thresholds-delete-all')));
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'hidden' });

    await open('/cms');
    await page
      .getByRole('table', { name: 'Content items', exact: true })
      .locator('tbody tr')
      .first()
      .locator('.p-checkbox, input[type="checkbox"]')
      .first()
      .click();
    await page.getByRole('button', { name: /^Delete selected \(1\)/ }).click();
    const cmsConfirm = page.getByRole('dialog');
    await cmsConfirm.waitFor();
    found.push(...(await check('cms-delete-selected')));
    await cmsConfirm.getByRole('button', { name: 'Cancel' }).click();
    expect(found).toEqual([]);
  });

  it("finds none in the conflict dialog of a stale save (another operator's save in between)", { timeout: 120_000 }, async () => {
    const other = await openConsole(browser, stack.url, OPS.email, OPS.password, 15_000);
    // Both open the first market's set; the other operator saves first, this page's save is stale.
    for (const p of [page, other]) {
      await p.goto(`${stack.url}/match/${id.match}/thresholds`);
      await p.getByRole('list', { name: 'Markets' }).getByRole('button').first().click();
    }
    const [outcome, second] = (await page.locator('form.threshold-editor legend').allTextContents()) as [string, string];
    // Both change the same field (this page a second one too), the other operator saves first: the
    // save here meets their version and asks about the field both changed.
    await other.getByLabel(`${outcome} value`, { exact: true }).fill('2.65');
    await page.getByLabel(`${outcome} value`, { exact: true }).fill('2.75');
    await page.getByLabel(`${second} value`, { exact: true }).fill('4.5');
    await other.locator('form.threshold-editor').getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(
        () =>
          page
            .locator('.thresholds-sets li')
            .filter({ hasText: `${outcome} 2.65` })
            .count(),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    await page.locator('form.threshold-editor').getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.locator('.conflict-dialog');
    await dialog.waitFor();
    const found = await check('conflict-dialog');
    await dialog.getByRole('button', { name: 'Keep theirs' }).click();
    await other.context().close();
    expect(found).toEqual([]);
  });

  it('finds none in the sign-in dialog of an ended session', { timeout: 120_000 }, async () => {
    await open('/leagues');
    const status = await page.evaluate(async () => {
      const reply = await fetch('/api/1/logout', { method: 'POST', headers: { Authorization: `Token ${localStorage.getItem('token')}` } });
      return reply.status;
    });
    expect(status).toBe(200);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Matches' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
    await dialog.waitFor();
    // The page behind waits for the sign-in to load its lists.
    const found = await check('sign-in-dialog', false);
    await dialog.getByLabel('Password').fill(DEMO.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(found).toEqual([]);
  });

  it('finds none on the login screen and on a wall display', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const other = await context.newPage();
    await other.goto(stack.url);
    await other.getByLabel('Email').waitFor();
    const found = (await seriousViolations(other)).map((line) => `login: ${line}`);

    const reply = await fetch(`${stack.url}/api/1/displays`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Axe wall', match_ids: [id.match], league_id: null, market_id: null, theme: 'dark' }),
    });
    expect(reply.status).toBe(200);
    const { path } = (await reply.json()) as { path: string };
    await other.goto(`${stack.url}${path}`);
    await other.locator('.wall-panel, .wall-empty').first().waitFor();
    await other.waitForTimeout(1000);
    await other.screenshot({ path: screenshotPath('e2e-a11y-wall.png') });
    found.push(...(await seriousViolations(other)).map((line) => `wall: ${line}`));
    await context.close();
    expect(found).toEqual([]);
  });
});
