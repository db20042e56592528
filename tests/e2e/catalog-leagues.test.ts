import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, screenshotPath } from '../support/browser';
import { address, catalogSession, choose, rows, seriousViolations, sortBy, table } from './catalog.support';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/**
 * A league's tables, stats and stats 2, and the top-bar search, on the real stack with its seeded
 * World Cup results.
 */
describe.skipIf(unavailable)('catalog: league tables, stats and search in Chromium', () => {
  const session = catalogSession();
  const { open } = session;
  let page: Page;
  beforeAll(() => {
    ({ page } = session);
  });

  it('league tables page through a season and keep the chosen season on reload', async () => {
    await open('/league/1/tables');
    await page.getByRole('heading', { name: 'FIFA World Cup tables' }).waitFor();
    const season2022 = await rows(page, 'Season 2022 table');
    // The final's whole result, as the wall and the match header write it (not the 90 minutes' 2–2 alone).
    expect(season2022[0]?.slice(1, 6)).toEqual(['2022-12-18', 'Argentina', 'France', '3–3 a.e.t., 4–2 pens', '2–0']);
    await page.getByRole('navigation', { name: 'Season 2022 table pages' }).getByRole('button', { name: 'Page 4' }).click();
    await expect.poll(async () => (await rows(page, 'Season 2022 table')).length).toBe(4);
    await choose(page, 'table-season', '2018');
    await expect.poll(() => address(page)).toBe('/league/1/tables/1');
    await expect.poll(async () => (await rows(page, 'Season 2018 table'))[0]?.slice(2, 4)).toEqual(['France', 'Croatia']);
    await sortBy(page, 'Season 2018 table', 'Home');
    await expect.poll(async () => (await rows(page, 'Season 2018 table'))[0]?.[2]).toBe('Argentina');
    await page.reload();
    await expect.poll(async () => (await rows(page, 'Season 2018 table'))[0]?.[2]).toBe('Argentina');
    expect(await table(page, 'Season 2018 table').getByRole('link').first().getAttribute('href')).toMatch(/^\/match\/\d+$/);
    await page.screenshot({ path: screenshotPath('catalog-league-tables.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("league stats show each match's outcome state for a team and market, home or away", async () => {
    await open('/league/1/stats');
    await expect.poll(() => address(page)).toBe('/league/1/stats/2');
    await choose(page, 'stats-team', 'Argentina');
    await choose(page, 'stats-market', 'Match Result');
    await expect.poll(() => address(page)).toBe('/league/1/stats/2/team/13/market/1');
    await expect.poll(async () => (await rows(page, 'Argentina outcomes')).length).toBe(7);
    const states = (await rows(page, 'Argentina outcomes')).map((r) => r[5]);
    expect(new Set(states)).toEqual(new Set(['positive', 'negative']));
    await page.getByRole('button', { name: 'Away' }).click();
    await expect.poll(() => address(page)).toBe('/league/1/stats/2/team/13/market/1?side=away');
    await expect.poll(async () => (await rows(page, 'Argentina outcomes')).every((r) => r[2] === 'Argentina')).toBe(true);
    await page.reload();
    await expect.poll(async () => (await rows(page, 'Argentina outcomes')).every((r) => r[2] === 'Argentina')).toBe(true);
    await page.screenshot({ path: screenshotPath('catalog-league-stats.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('stats 2 puts two teams side by side with apex outcomes and whole-number ratios', async () => {
    await open('/league/1/stats2/2/teams/13/9/market/1');
    const first = page.getByRole('region', { name: 'Argentina' });
    const second = page.getByRole('region', { name: 'France' });
    await expect.poll(() => first.textContent()).toContain('Apex outcome: home');
    await expect.poll(() => second.textContent()).toMatch(/Apex outcome: \w+/);
    expect(await page.locator('#stats2-last').evaluate((el) => el.closest('.p-dropdown')?.textContent)).toContain('Season');
    await choose(page, 'stats2-last', 'Last 3');
    await expect.poll(() => address(page)).toBe('/league/1/stats2/2/teams/13/9/market/1?last=3');
    await expect.poll(() => first.textContent()).toMatch(/played [0-3],/);
    const ratios = await page.getByRole('list', { name: 'Season outcome ratios' }).textContent();
    expect(ratios).toMatch(/home \d+%/);
    await page.reload();
    await expect.poll(() => first.textContent()).toMatch(/played [0-3],/);
    await page.screenshot({ path: screenshotPath('catalog-stats2.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the top-bar search finds leagues, teams and matches (by id, teams or day), by keyboard', async () => {
    await open('/');
    const search = page.getByRole('combobox', { name: 'Search leagues, teams or matches' });
    await search.fill('Classics');
    await page.getByRole('option', { name: /World Cup Classics/ }).waitFor();
    await search.press('Enter');
    await expect.poll(() => address(page)).toBe('/league/3/matches');
    await search.fill('arg');
    await page.getByRole('option', { name: /Argentina \(Nordic Sportsbook, Iberia Apuestas\)/ }).waitFor();
    await search.press('ArrowDown');
    await search.press('ArrowUp');
    const hits = page.getByRole('listbox', { name: 'Search results' });
    expect(await hits.getByRole('option', { selected: true }).textContent()).toContain('Argentina');
    await page.screenshot({ path: screenshotPath('catalog-search.png') });
    expect(await seriousViolations(page)).toEqual([]);
    await search.press('Enter');
    await expect.poll(() => address(page)).toBe('/teams?q=Argentina');
    await search.fill('125');
    await page.getByRole('option', { name: /Argentina - Croatia · .* \(125\)/ }).waitFor();
    await search.press('Enter');
    await expect.poll(() => address(page)).toBe('/match/125');
    // By its teams as typed (either way round), and by its day.
    await search.fill('usa v netherlands');
    await page.getByRole('option', { name: /Netherlands - USA · 2022-12-03/ }).waitFor();
    await search.fill('2022-12-03');
    await page.getByRole('option', { name: /Argentina - Australia · 2022-12-03/ }).waitFor();
  });
});
