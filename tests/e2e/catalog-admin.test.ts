import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, screenshotPath } from '../support/browser';
import type { Stack } from '../support/stack';
import { address, catalogSession, choose, firstCells, rows, seriousViolations, sortBy } from './catalog.support';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/**
 * The catalog screens that change things about teams and providers, each change checked after a
 * reload, i.e. on the server.
 */
describe.skipIf(unavailable)('catalog: teams and settings in Chromium', () => {
  const session = catalogSession();
  const { open, nextDialog } = session;
  let page: Page;
  let stack: Stack;
  beforeAll(() => {
    ({ page, stack } = session);
  });

  it('teams are headed by the provider, sort, page, and keep the keyword on reload', async () => {
    await open('/teams');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Teams for Nordic Sportsbook');
    expect((await page.getByRole('columnheader').allTextContents()).map((h) => h.trim())).toEqual(['Id', 'Name', 'Provider Name', 'Short Name', 'Connect To']);
    expect((await firstCells(page, 'Teams'))[0]).toBe('40');
    await sortBy(page, 'Teams', 'Name');
    await expect.poll(async () => (await rows(page, 'Teams')).slice(0, 2).map((r) => r[1])).toEqual(['Argentina', 'Australia']);
    await page.getByRole('navigation', { name: 'Teams pages' }).getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => address(page)).toBe('/teams?sort=name&page=2');
    await expect.poll(async () => (await rows(page, 'Teams'))[0]?.[1]).toBe('Morocco');
    expect((await rows(page, 'Teams')).length).toBe(20);
    // The keyword applies from the first page, sorted -last_modified again.
    await page.getByLabel('Keyword or match id').fill('Ghana');
    await page.getByLabel('Keyword or match id').press('Enter');
    await expect.poll(() => address(page)).toBe('/teams?q=Ghana');
    await expect.poll(async () => (await rows(page, 'Teams')).map((r) => r[1])).toEqual(['Ghana']);
    await page.reload();
    await expect.poll(async () => (await rows(page, 'Teams')).map((r) => r[1])).toEqual(['Ghana']);
    await page.screenshot({ path: screenshotPath('catalog-teams.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('saves a short name on Enter', async () => {
    await open('/teams?q=Ghana');
    const shortName = page.getByLabel('Short name of Ghana');
    await shortName.fill('GHA');
    await shortName.press('Enter');
    await page.getByRole('table', { name: 'Teams' }).getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Short name of Ghana').inputValue()).toBe('GHA');
  });

  it('asks before reassigning a team, in the exact words, and reassigns only when confirmed', async () => {
    await open('/teams?q=Ghana');
    const connect = page.getByRole('combobox', { name: 'Connect Ghana to' });
    await connect.pressSequentially('Portu', { delay: 30 });
    const candidate = page.getByRole('option', { name: 'Portugal (Nordic Sportsbook, Iberia Apuestas)' });
    let question = nextDialog(false);
    await candidate.click();
    expect(await question).toBe('Are you sure you want to reassign Ghana (of Nordic Sportsbook) as Portugal?');
    const connectCalls = () => stack.upstreamHits.filter((hit) => hit.url.startsWith('/api/1/teams/connect/40/to/')).length;
    expect(connectCalls()).toBe(0);
    await connect.fill('');
    await connect.pressSequentially('Portu', { delay: 30 });
    question = nextDialog(true);
    await candidate.click();
    expect(await question).toBe('Are you sure you want to reassign Ghana (of Nordic Sportsbook) as Portugal?');
    await expect.poll(() => stack.upstreamHits.some((hit) => hit.url === '/api/1/teams/connect/40/to/71')).toBe(true);
    // Reassigned: Portugal is no longer another team Ghana could become.
    await connect.pressSequentially('Portu', { delay: 30 });
    await page.waitForTimeout(800);
    expect(await page.getByRole('option', { name: /^Portugal/ }).count()).toBe(0);
  });

  it("a league's teams are headed by the league, with its matches a link away", async () => {
    await open('/teams');
    await choose(page, 'teams-league', 'World Cup Classics');
    await expect.poll(() => address(page)).toBe('/teams/league/3/');
    await page.getByRole('heading', { name: 'World Cup Classics', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Matches', exact: true }).last().getAttribute('href')).toBe('/league/3/matches');
    expect((await rows(page, 'Teams')).length).toBeGreaterThan(5);
  });

  it('settings switch a provider between Active and Inactive, and it stays switched', async () => {
    await open('/settings');
    const benelux = page.getByRole('button', { name: /^Benelux Odds:/ });
    expect(await benelux.textContent()).toBe('Inactive');
    await page.screenshot({ path: screenshotPath('catalog-settings.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await benelux.click();
    await expect.poll(() => benelux.textContent()).toBe('Active');
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: /^Benelux Odds:/ }).textContent()).toBe('Active');
    await page.getByRole('button', { name: /^Benelux Odds:/ }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Benelux Odds:/ }).textContent()).toBe('Inactive');
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: /^Benelux Odds:/ }).textContent()).toBe('Inactive');
  });
});
