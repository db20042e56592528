import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, screenshotPath } from '../support/browser';
import { loginThrough, type Stack } from '../support/stack';
import { address, catalogSession, choose, firstCells, rows, seriousViolations, sortBy, table } from './catalog.support';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/**
 * The catalog screens a person browses first (home, leagues, matches and future matches) on the
 * real stack with its seeded World Cup data.
 */
describe.skipIf(unavailable)('catalog: home, leagues and matches in Chromium', () => {
  const session = catalogSession();
  const { open } = session;
  let page: Page;
  let stack: Stack;
  beforeAll(() => {
    ({ page, stack } = session);
  });

  it('home shows the upcoming matches of the provider and the way into each area', async () => {
    await open('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Home');
    const upcoming = await rows(page, 'Upcoming matches');
    expect(upcoming).toHaveLength(5);
    expect(upcoming.every((r) => r[2] === 'World Cup Classics')).toBe(true);
    // Whether a replay is live depends on the clock; the list loads either way.
    expect((await rows(page, 'Live matches')).length).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Leagues' }).waitFor();
    await page.screenshot({ path: screenshotPath('catalog-home.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('leagues sort by a header, both ways, and the search survives a reload', async () => {
    await open('/leagues');
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Id', 'League', 'Path', 'Unique id', 'Sync', 'Options']);
    await sortBy(page, 'Leagues', 'League');
    await expect.poll(() => address(page)).toBe('/leagues?sort=league');
    await expect.poll(async () => (await rows(page, 'Leagues')).map((r) => r[1])).toEqual(['FIFA World Cup', 'World Cup Classics']);
    await sortBy(page, 'Leagues', 'League');
    await expect.poll(async () => (await rows(page, 'Leagues')).map((r) => r[1])).toEqual(['World Cup Classics', 'FIFA World Cup']);
    await page.getByLabel('Search', { exact: true }).fill('Classics');
    await page.getByLabel('Search', { exact: true }).press('Enter');
    await expect.poll(() => address(page)).toBe('/leagues?sort=-league&q=Classics');
    await expect.poll(async () => (await rows(page, 'Leagues')).length).toBe(1);
    await page.reload();
    await expect.poll(async () => (await rows(page, 'Leagues')).map((r) => r[1])).toEqual(['World Cup Classics']);
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('Classics');
    expect(await (await rows(page, 'Leagues'))[0]?.[4]).toBe('yes');
    expect(await table(page, 'Leagues').getByRole('link', { name: 'Stats 2 of World Cup Classics' }).getAttribute('href')).toBe('/league/3/stats2');
    await page.screenshot({ path: screenshotPath('catalog-leagues.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('matches sort by id both ways and page by the footer links', async () => {
    await open('/matches');
    // Default '-start': the latest kick-off, World Cup Classics' replayed 2022 final, leads.
    // Columns: Id, Live, Home, Away, Date, League…
    const [id, , home, away] = (await rows(page, 'Matches'))[0] ?? [];
    expect([id, home, away]).toEqual(['208', 'Argentina', 'France']);
    await sortBy(page, 'Matches', 'Id');
    await expect.poll(() => firstCells(page, 'Matches').then((ids) => ids.slice(0, 3))).toEqual(['1', '2', '3']);
    await sortBy(page, 'Matches', 'Id');
    await expect.poll(() => firstCells(page, 'Matches').then((ids) => ids[0])).toBe('208');
    const pages = page.getByRole('navigation', { name: 'Matches pages', exact: true });
    expect(await pages.getByRole('button', { name: /^Page \d+$/ }).allTextContents()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => address(page)).toBe('/matches?sort=-id&page=2');
    // 16 replays (193-208) then the 2022 final (128) down: page 2 starts at 124.
    await expect.poll(() => firstCells(page, 'Matches').then((ids) => ids[0])).toBe('124');
    expect(await pages.textContent()).toContain('21–40 of 144');
    await page.goBack();
    await expect.poll(() => firstCells(page, 'Matches').then((ids) => ids[0])).toBe('208');
  });

  it('matches filters apply on Enter and survive a reload', async () => {
    await open('/matches');
    await page.getByLabel('Keyword or match id').fill('Brazil');
    await page.getByLabel('Keyword or match id').press('Enter');
    await expect.poll(() => address(page)).toBe('/matches?q=Brazil');
    await expect.poll(async () => (await rows(page, 'Matches')).every((r) => r.join(' ').includes('Brazil'))).toBe(true);
    await page.reload();
    expect(await page.getByLabel('Keyword or match id').inputValue()).toBe('Brazil');
    const brazil = await rows(page, 'Matches');
    expect(brazil.length).toBeGreaterThan(3);
    expect(brazil.every((r) => r.join(' ').includes('Brazil'))).toBe(true);
    // The date as a deep link, kept on reload too.
    await open('/matches?date=2018-06-17');
    await expect.poll(async () => (await rows(page, 'Matches')).map((r) => r[4]?.slice(0, 10))).toEqual(['2018-06-17', '2018-06-17', '2018-06-17']);
    await page.reload();
    expect(await page.getByLabel('Match date').inputValue()).toBe('2018-06-17');
    expect((await rows(page, 'Matches')).length).toBe(3);
  });

  it("'Content only' lists the matches with content, and stays ticked on reload", async () => {
    const token = await loginThrough(stack.url);
    const created = await fetch(`${stack.url}/api/1/match/125/content`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        market_id: 1,
        channel_id: 1,
        language: 'en',
        node_id: 'PRE',
        content: { title: [{ content: 'Final four' }], content: [], cta: [], image: [] },
      }),
    });
    expect(created.status).toBe(200);
    await open('/matches');
    await page.getByLabel('Content only').click();
    await expect.poll(() => address(page)).toBe('/matches?templated=true');
    await expect.poll(() => page.getByLabel('Content only').isChecked()).toBe(true);
    // The seeded content and the one just made: what the server lists as templated, newest first.
    const templated = await fetch(`${stack.url}/api/1/1/1/matches?templated=true&order_by=-start`, { headers: { authorization: `Token ${token}` } });
    const expected = ((await templated.json()) as { results: { id: number }[] }).results.map((m) => String(m.id));
    expect(expected).toContain('125');
    await expect.poll(() => firstCells(page, 'Matches')).toEqual(expected);
    await page.reload();
    expect(await page.getByLabel('Content only').isChecked()).toBe(true);
    expect(await firstCells(page, 'Matches')).toEqual(expected);
    await page.getByLabel('Content only').click();
    await expect.poll(() => address(page)).toBe('/matches');
    await expect.poll(() => firstCells(page, 'Matches').then((ids) => ids.length)).toBe(20);
  });

  it('selecting a league replaces the route with its matches route', async () => {
    await open('/leagues');
    await open('/matches?q=Argentina');
    await choose(page, 'matches-league', 'FIFA World Cup');
    await expect.poll(() => address(page)).toBe('/league/1/matches?q=Argentina');
    await page.getByRole('heading', { name: 'Matches of FIFA World Cup' }).waitFor();
    await expect.poll(async () => (await rows(page, 'Matches')).every((r) => r[5] === 'FIFA World Cup')).toBe(true);
    // Replaced, not added: Back leaves the matches screen.
    await page.goBack();
    await expect.poll(() => address(page)).toBe('/leagues');
  });

  it('the future matches table sorts and links on its own', async () => {
    await open('/matches');
    expect((await rows(page, 'Future matches')).length).toBe(16);
    await sortBy(page, 'Future matches', 'Match');
    await expect.poll(() => address(page)).toBe('/matches?future.sort=name');
    await expect.poll(async () => (await rows(page, 'Future matches'))[0]?.[1]).toBe('Argentina - Australia');
    expect((await rows(page, 'Matches'))[0]?.[0]).toBe('208');
    expect(await table(page, 'Future matches').getByRole('link', { name: 'Argentina - Australia' }).getAttribute('href')).toBe('/match/194');
    await page.screenshot({ path: screenshotPath('catalog-matches.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('changing the provider reloads the lists from the first page', async () => {
    await open('/matches?page=3');
    expect((await rows(page, 'Matches'))[0]?.[5]).toBe('FIFA World Cup');
    await choose(page, 'provider-select', 'Iberia Apuestas');
    await expect.poll(() => address(page)).toBe('/matches');
    await expect.poll(async () => (await rows(page, 'Matches'))[0]?.[5]).toBe('Copa Mundial de la FIFA');
    await choose(page, 'provider-select', 'Nordic Sportsbook');
    await expect.poll(async () => (await rows(page, 'Matches'))[0]?.[0]).toBe('208');
  });
});
