import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalog, buildStandIn, DEFAULT_RATES, SyncWorker, type SyncSettings } from '@odds/upstream/testing';
import { animationsDone, browserUnavailable, choose, launchBrowser, openConsole, screenshotPath } from '../support/browser';
import { renameCompetitor } from '../support/catalog-sync';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

const TOKEN = 'e2e-sync-token';
const PROVIDER = 'Sync Sportsbook';

/**
 * Issue 43's Catalog sync panel in Chromium, on the real stack whose vendor API is the UOF stand-in
 * and with a sync worker on its database (as an API process with UOF_API_URL runs one): an admin
 * makes a provider, opts the World Cup in, and watches the third-place match and the final arrive
 * (league, season, teams, matches linked to their UOF events) without a Refresh; a short name set
 * on the Teams screen stays through a second sync in which the vendor renamed the team.
 */
describe.skipIf(unavailable)('the Catalog sync panel against the UOF stand-in (Chromium)', () => {
  const catalog = buildCatalog();
  let standIn: Awaited<ReturnType<typeof buildStandIn>>;
  let stack: Stack;
  let browser: Browser;
  let worker: SyncWorker;
  let page: Page;

  beforeAll(async () => {
    standIn = await buildStandIn({ tokens: [TOKEN], now: () => Date.parse('2022-12-18T14:55:00Z'), snapshots: null, catalog });
    await standIn.app.listen({ port: 0, host: '127.0.0.1' });
    const settings: SyncSettings = {
      apiUrl: `http://127.0.0.1:${(standIn.app.server.address() as AddressInfo).port}`,
      token: TOKEN,
      horizonDays: 2,
      startDate: '2022-12-17',
      scheduleEveryS: 86_400,
      liveEveryS: 300,
      ratesPerMinute: DEFAULT_RATES,
      leaseS: 30,
    };
    [stack, browser] = await Promise.all([startStack({ catalogSync: settings }), launchBrowser()]);
    worker = new SyncWorker({ db: stack.upstream.database.db, settings, log: { info: () => {}, warn: () => {} }, ingest: null, tickMs: 250 }).start();
    page = await openConsole(browser, stack.url, DEMO.email, DEMO.password, 30_000);
  });
  afterAll(async () => {
    await worker?.stop();
    await browser?.close();
    await stack?.close();
    await standIn?.app.close();
  }, 120_000);

  const runs = () => page.getByRole('table', { name: 'Catalog sync runs' });
  /** The newest run of a kind ('schedule', 'manual (Demo Operator)'): the horizon's first run is followed by the live schedule's. */
  const runOf = (kind: string) =>
    runs()
      .locator('tbody tr')
      .filter({ has: page.getByRole('cell', { name: kind, exact: true }) })
      .first();
  const openPanel = async () => {
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.getByRole('menuitem', { name: 'Feed health' }).click();
    await page.getByRole('heading', { name: 'Catalog sync' }).waitFor();
  };

  it('an admin opts the World Cup in and sees its league, teams and matches arrive, each match linked to its UOF event', async () => {
    await page.goto(`${stack.url}/catalog?tab=providers`);
    await page.getByRole('button', { name: 'New provider' }).click();
    await page.getByLabel('Name', { exact: true }).fill(PROVIDER);
    await page.getByRole('dialog').getByRole('button', { name: 'Create provider' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await choose(page, 'provider-select', PROVIDER);

    await openPanel();
    await page.getByText('No tournament is synced for this provider').waitFor();
    await page.getByLabel('UOF tournament').fill('sr:tournament:16');
    await page.getByRole('button', { name: 'Sync this tournament' }).click();
    await page.getByRole('table', { name: 'Synced tournaments' }).getByRole('cell', { name: 'sr:tournament:16' }).waitFor();
    // The provider's horizon was never read: its first run starts at the worker's next look, and the
    // panel shows it done without a Refresh (1 league, 1 season, 4 teams, 2 matches).
    const first = runOf('schedule');
    await first.getByRole('cell', { name: 'done', exact: true }).waitFor({ timeout: 20_000 });
    const cells = await first.locator('td').allTextContents();
    expect(cells.slice(1, 5)).toEqual(['schedule', 'done', expect.stringMatching(/^8/), '0']);
    const created = first.locator('td').nth(3);
    await created.getByText('what').click();
    for (const line of [
      'league World Cup (sr:tournament:16)',
      'season World Cup 2022 (sr:season:2022)',
      'team Argentina (sr:competitor:7001)',
      'team Morocco (sr:competitor:7021)',
      'match Argentina - France (sr:match:2022064)',
      'match Argentina - France linked to UOF event sr:match:2022064',
      'match Croatia - Morocco linked to UOF event sr:match:2022063',
    ])
      await created.getByText(line, { exact: true }).waitFor();
    await animationsDone(page);
    await page.screenshot({ path: screenshotPath('catalog-sync-first-run.png'), fullPage: true });

    // The rows are the console's: the match with its UOF event, the league (sync yes).
    expect(await created.getByRole('link', { name: 'World Cup', exact: true }).getAttribute('href')).toMatch(/^\/league\/\d+\/matches$/);
    await created.getByRole('link', { name: 'Argentina - France' }).first().click();
    await expect.poll(() => page.locator('#match-uof-event').inputValue()).toBe('sr:match:2022064');
    await page.goto(`${stack.url}/leagues`);
    const league = page.getByRole('table', { name: 'Leagues' }).getByRole('row').filter({ hasText: 'World Cup' });
    await expect
      .poll(() => league.locator('td').allTextContents())
      .toEqual([expect.any(String), 'World Cup', 'International / World Cup', 'sr:tournament:16', 'yes', expect.any(String)]);
  }, 90_000);

  it('keeps a short name an operator set on the Teams screen through a second sync that renames the team, and lists what changed', async () => {
    await page.goto(`${stack.url}/teams`);
    const shortName = page.getByLabel('Short name of Argentina');
    await expect.poll(() => shortName.inputValue()).toBe('ARG');
    await shortName.fill('Albiceleste');
    await shortName.press('Enter');
    await page.getByRole('table', { name: 'Teams' }).getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    renameCompetitor(catalog, 'sr:competitor:7001', 'Argentina AFA', 'AFA');
    await openPanel();
    await page.getByRole('button', { name: 'Sync now' }).click();
    const second = runOf('manual (Demo Operator)');
    await second.getByRole('cell', { name: 'done', exact: true }).waitFor({ timeout: 20_000 });
    expect((await second.locator('td').allTextContents()).slice(1, 5)).toEqual(['manual (Demo Operator)', 'done', '0', expect.stringMatching(/^2/)]);
    const updated = second.locator('td').nth(4);
    await updated.getByText('what').click();
    // The name follows the vendor, the short name stays the operator's (not written: not listed).
    await expect
      .poll(() => updated.locator('li').allTextContents())
      .toEqual(['team Argentina AFA (sr:competitor:7001): name, country', 'match Argentina AFA - France (sr:match:2022064): name']);
    await animationsDone(page);
    await page.screenshot({ path: screenshotPath('catalog-sync-second-run.png'), fullPage: true });

    await page.goto(`${stack.url}/teams`);
    await expect.poll(() => page.getByLabel('Short name of Argentina AFA').inputValue()).toBe('Albiceleste');
  }, 90_000);
});
