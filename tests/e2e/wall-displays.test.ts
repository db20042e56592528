import type { ListReply, Match } from '@odds/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoUser, FEEDS_DIR, readFeedFile, toMessage } from '@odds/upstream/testing';
import { seriousViolations } from '../support/axe';
import { textContrast } from '../support/contrast';
import { browserUnavailable, launchBrowser, openConsole, screenshotPath } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

const FEED = 'netherlands-usa-2022-round-of-16';
const SECOND = { email: 'second.operator@example.com', password: 'second-operator' };
/** A 1080p wall screen. */
const WALL = { width: 1920, height: 1080 };
/** WCAG AA for normal text: what a wall's messages must reach on either theme. */
const AA = 4.5;

describe.skipIf(unavailable)('wall displays in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let operator: Page;
  let token: string;
  let live: Match;
  let future: Match;
  let final: Match;
  let address: string;
  let wallContext: BrowserContext;
  let wall: Page;

  const get = async <T>(path: string): Promise<T> => {
    const reply = await fetch(`${stack.upstreamUrl}${path}`, { headers: { authorization: `Token ${token}` } });
    return (await reply.json()) as T;
  };
  const panel = (match: Match) => wall.getByRole('region', { name: match.name });
  /** Sends messages from..to of the recorded feed, dated as if the match had kicked off 20 minutes ago. */
  const feed = readFeedFile(new URL(`${FEED}.jsonl`, FEEDS_DIR));
  const base = Date.now() - 20 * 60_000;
  const ingest = async (matchId: number, from: number, to: number) => {
    const reply = await fetch(`${stack.upstreamUrl}/api/1/engine/match/${matchId}/ingest`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: feed.messages.slice(from, to).map((m) => toMessage(m, base)) }),
    });
    expect(reply.status).toBe(200);
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    token = await stack.upstream.login();
    const classics = (await get<ListReply<Match>>('/api/1/1/1/matches?q=World%20Cup%20Classics&timeframe=FUTURE&order_by=start&limit=10')).results;
    const netherlands = classics.find((m) => m.home.name === 'Netherlands' && m.away.name === 'USA');
    live = netherlands ?? classics[0]!;
    future = classics.find((m) => m.id !== live.id)!;
    final = (await get<ListReply<Match>>('/api/1/1/1/matches?q=Argentina&order_by=-start&limit=20')).results.find(
      (m) => m.away.name === 'France' && m.score !== null,
    )!;
    // Kick-off and the first minutes of play: the match is live.
    await ingest(live.id, 0, 40);
    operator = await openConsole(browser, stack.url, DEMO.email, DEMO.password);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('lets an operator create a display and read its address once', async () => {
    await operator.goto(`${stack.url}/displays`);
    await operator.getByLabel('Name').fill('Trading floor');
    await operator.getByLabel('Matches', { exact: true }).fill(`${final.id}, ${live.id}, ${future.id}`);
    await operator.getByRole('button', { name: 'Create display' }).click();
    address = (await operator.getByRole('group', { name: 'Wall address' }).locator('code').textContent()) ?? '';
    expect(address).toMatch(new RegExp(`^${stack.url}/wall#display=[A-Za-z0-9_-]{40,}$`));
    await expect.poll(() => operator.getByRole('table', { name: 'Displays' }).getByText('Trading floor').count()).toBe(1);
    expect(await seriousViolations(operator)).toEqual([]);
  });

  it('opens the wall from its address in a fresh browser, without any login, with each match state at a glance', async () => {
    wallContext = await browser.newContext({ viewport: WALL });
    wall = await wallContext.newPage();
    wall.setDefaultTimeout(15_000);
    await wall.goto(address);
    await expect.poll(() => panel(final).getByTestId('wall-phase').textContent(), { timeout: 15_000 }).toBe('Full-time');
    await expect.poll(() => panel(live).getByTestId('wall-phase').textContent(), { timeout: 15_000 }).toMatch(/^Live \d+′$/);
    await expect.poll(() => panel(future).getByTestId('wall-phase').textContent(), { timeout: 15_000 }).toMatch(/^Prematch Kick-off \d\d:\d\d$/);
    // The 2022 final went to extra time: the feed's final score, not the 90 minutes' (2-2), with what it does not say.
    await expect.poll(() => panel(final).locator('.wall-scoreline').textContent(), { timeout: 15_000 }).toBe('3–3');
    expect(await panel(final).locator('.wall-score-qualifier').textContent()).toBe('a.e.t., 4–2 pens');
    expect(await panel(final).locator('.wall-date').textContent()).toBe(`Sun 18 Dec 2022 · ${final.league.name}`);
    // Live data streams in: the panel's last offers grow without a reload.
    const before = await panel(live).locator('.wall-offers tbody tr').count();
    await ingest(live.id, 40, 60);
    await expect.poll(() => panel(live).locator('.wall-offers tbody tr').count()).toBeGreaterThanOrEqual(Math.min(5, before + 1));
    // The wall names itself, and its three panels share the whole screen, not its top half.
    expect(await wall.getByRole('heading', { level: 1, name: 'Trading floor' }).isVisible()).toBe(true);
    const bottoms = await wall.locator('.wall-panel').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().bottom));
    expect(bottoms).toHaveLength(3);
    for (const bottom of bottoms) expect(bottom).toBeGreaterThan(WALL.height - 40);
    // A prematch panel says it has no feed yet and when it kicks off, not a time that never moves.
    expect(await panel(future).locator('.wall-updated').textContent()).toMatch(/^No feed yet — kicks off \d\d:\d\d$/);
    expect(await panel(live).locator('.wall-updated').textContent()).toMatch(/^Last update \d\d:\d\d:\d\d · \d+ (s|min) ago$/);
    await wall.screenshot({ path: screenshotPath('e2e-wall-display.png') });
    // A wall is no operator: another operator on the match page is counted alone, not with the
    // display's creator.
    await ensureDemoUser(stack.upstream.database.db, SECOND.email, SECOND.password, false);
    const second = await openConsole(browser, stack.url, SECOND.email, SECOND.password);
    await second.goto(`${stack.url}/match/${live.id}`);
    await expect.poll(() => second.getByText('Watching: 1').count(), { timeout: 15_000 }).toBe(1);
    await second.context().close();
  });

  it('refuses every write and every other screen to the display token', async () => {
    const displayToken = new URL(address).hash.split('=')[1]!;
    const write = await fetch(`${stack.url}/api/1/displays`, {
      method: 'POST',
      headers: { authorization: `Token ${displayToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', match_ids: [live.id], league_id: null, market_id: null, theme: 'dark' }),
    });
    expect(write.status).toBe(403);
    expect(((await write.json()) as { message: string }).message).toBe('You do not have permission to perform this action');
    const other = await fetch(`${stack.url}/api/1/1/1/matches`, { headers: { authorization: `Token ${displayToken}` } });
    expect(other.status).toBe(403);
  });

  it('starts from its service worker while offline, says so, and comes back by itself', async () => {
    await wall.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
    const messages: string[] = [];
    wall.on('console', (message) => messages.push(message.text()));
    await wallContext.setOffline(true);
    await wall.reload();
    await wall.getByText('No internet connection found. App is running in offline mode.', { exact: false }).first().waitFor();
    expect(messages).toContain('No internet connection found. App is running in offline mode.');
    // The wall's own message is readable on the dark wall (it was near-white on the console's grey).
    const offline = wall.getByText('The console cannot be reached', { exact: false });
    await offline.waitFor();
    expect((await textContrast(offline)).ratio).toBeGreaterThanOrEqual(AA);
    await wall.screenshot({ path: screenshotPath('e2e-wall-offline-dark.png') });
    await wallContext.setOffline(false);
    await expect.poll(() => panel(live).getByTestId('wall-phase').textContent(), { timeout: 20_000 }).toMatch(/^Live \d+′$/);
    await expect.poll(() => panel(live).locator('.wall-offers tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await wall.getByText('No internet connection found', { exact: false }).count()).toBe(0);
  });

  it('goes to the revoked screen promptly when an operator revokes the display', async () => {
    await operator.goto(`${stack.url}/displays`);
    await operator.getByRole('button', { name: 'Revoke Trading floor' }).click();
    await operator.getByRole('button', { name: 'Confirm: Revoke Trading floor' }).click();
    const revokedAt = Date.now();
    await wall.getByRole('heading', { name: 'This display was revoked' }).waitFor({ timeout: 5_000 });
    console.info(`wall showed the revoked screen ${Date.now() - revokedAt} ms after the revoke was confirmed`);
    for (const text of [
      wall.getByRole('heading', { name: 'This display was revoked' }),
      wall.getByText('An operator has switched this wall off', { exact: false }),
    ]) {
      expect((await textContrast(text)).ratio).toBeGreaterThanOrEqual(AA);
    }
    await wall.screenshot({ path: screenshotPath('e2e-wall-revoked-dark.png') });
    await expect.poll(() => operator.getByText(/Revoked .* by Demo Operator/).count()).toBe(1);
  });

  it('keeps a light display light and readable: its table headers, offline and revoked', async () => {
    const reply = await fetch(`${stack.url}/api/1/displays`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Office', match_ids: [live.id, future.id], league_id: null, market_id: null, theme: 'light' }),
    });
    const { path, display } = (await reply.json()) as { path: string; display: { id: number } };
    const context = await browser.newContext({ viewport: WALL });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${stack.url}${path}`);
    const livePanel = page.getByRole('region', { name: live.name });
    await expect.poll(() => livePanel.locator('.wall-offers tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    for (const header of await livePanel.locator('.wall-offers th').all()) expect((await textContrast(header)).ratio).toBeGreaterThanOrEqual(AA);
    await page.screenshot({ path: screenshotPath('e2e-wall-light.png') });

    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
    await context.setOffline(true);
    await page.reload();
    const offline = page.getByText('The console cannot be reached', { exact: false });
    await offline.waitFor();
    const offlineContrast = await textContrast(offline);
    expect(offlineContrast.ratio).toBeGreaterThanOrEqual(AA);
    // In the light theme it was shown, not switched to a dark screen.
    expect(offlineContrast.background).toBe('rgb(243, 244, 246)');
    await page.screenshot({ path: screenshotPath('e2e-wall-offline-light.png') });
    await context.setOffline(false);
    await livePanel.waitFor({ timeout: 20_000 });

    const revoke = await fetch(`${stack.url}/api/1/displays/${display.id}/revoke`, { method: 'POST', headers: { authorization: `Token ${token}` } });
    expect(revoke.status).toBe(200);
    const heading = page.getByRole('heading', { name: 'This display was revoked' });
    await heading.waitFor({ timeout: 10_000 });
    for (const text of [heading, page.getByText('An operator has switched this wall off', { exact: false })]) {
      const contrast = await textContrast(text);
      expect(contrast.ratio).toBeGreaterThanOrEqual(AA);
      expect(contrast.background).toBe('rgb(243, 244, 246)');
    }
    await page.screenshot({ path: screenshotPath('e2e-wall-revoked-light.png') });
    await context.close();
  }, 90_000);

  it('follows a league: its live match has a panel, and a match that kicks off gets one without a reload', async () => {
    const reply = await fetch(`${stack.upstreamUrl}/api/1/displays`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Classics', match_ids: [], league_id: live.league.id, market_id: null, theme: 'light' }),
    });
    const { path } = (await reply.json()) as { path: string };
    const context = await browser.newContext({ viewport: WALL });
    const page = await context.newPage();
    // The wall reads a followed league's live matches every 30 s: the page's clock runs on from
    // real time, and jumps those 30 s forward once the match has kicked off instead of waiting them.
    await page.clock.install();
    await page.goto(`${stack.url}${path}`);
    await page.getByRole('region', { name: live.name }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('region', { name: future.name }).count()).toBe(0);
    expect(await page.getByText(`Following ${live.league.name}`).isVisible()).toBe(true);
    await ingest(future.id, 0, 10);
    await page.clock.fastForward(30_000);
    await page.getByRole('region', { name: future.name }).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: screenshotPath('e2e-wall-league.png') });
    await context.close();
  }, 90_000);
});
