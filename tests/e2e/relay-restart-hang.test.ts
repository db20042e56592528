import type { AddressInfo } from 'node:net';
import { LIVE_RECONNECTING, type Match } from '@odds/protocol';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, launchBrowser, markPage, notReloaded, openConsole, screenshotPath, tableTotal } from '../support/browser';
import { ingestRecorded } from '../support/feeds';
import { HangProxy } from '../support/hang-proxy';
import { startRelay, type RunningRelay } from '../support/live-client';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

const FEED = 'netherlands-usa-2022-round-of-16';

/**
 * The upstream hangs (a SIGSTOP, a stuck deploy) and the relay is restarted meanwhile, so it holds
 * no session for the console's token nor the wall's: their sockets come back to a relay that
 * cannot check them and refuses them as passing. Once the upstream answers again, both show live
 * data again on their own, without a reload.
 */
describe.skipIf(unavailable)('a console and a wall across a relay restart during an upstream hang', () => {
  let stack: Stack;
  let browser: Browser;
  let hang: HangProxy;
  let relay: RunningRelay;
  let token: string;
  let match: Match;
  let other: Match;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    token = await stack.upstream.login();
    const reply = await fetch(`${stack.upstreamUrl}/api/1/1/1/matches?q=${encodeURIComponent('World Cup Classics')}&order_by=start&limit=100`, {
      headers: { authorization: `Token ${token}` },
    });
    const matches = ((await reply.json()) as { results: Match[] }).results.filter((m) => m.league.name === 'World Cup Classics');
    match = matches.find((m) => m.home.name === 'Netherlands' && m.away.name === 'USA') ?? matches[0]!;
    other = matches.find((m) => m.id !== match.id)!;
    hang = await HangProxy.start(stack.upstreamUrl);
    relay = await startRelay(hang.url);
  });
  afterAll(async () => {
    hang?.resume();
    await browser?.close();
    await relay?.close();
    await hang?.close();
    await stack?.close();
  });

  it("shows live data again within 10 s of the upstream's return, without a reload", async () => {
    const display = await fetch(`${stack.upstreamUrl}/api/1/displays`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Hang wall', match_ids: [match.id], league_id: null, market_id: null, theme: 'dark' }),
    });
    const { path } = (await display.json()) as { path: string };
    await ingestRecorded(stack.upstreamUrl, token, match.id, FEED, 0, 20);

    const console = await openConsole(browser, relay.url, DEMO.email, DEMO.password, 20_000);
    await console.goto(`${relay.url}/match/${match.id}/feed`);
    await expect.poll(() => tableTotal(console, 'Feed events'), { timeout: 20_000 }).toBeGreaterThan(0);
    const wall = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
    await wall.goto(`${relay.url}${path}`);
    const newestOnWall = () => wall.getByRole('region', { name: match.name }).locator('.wall-offers tbody tr').first().textContent();
    await expect.poll(newestOnWall, { timeout: 20_000 }).toBeTruthy();
    await Promise.all([markPage(console), markPage(wall)]);

    // The upstream hangs; the relay restarts on the same address with nothing cached.
    hang.hang();
    const { port } = relay.relay.app.server.address() as AddressInfo;
    await relay.close();
    relay = await startRelay(hang.url, {}, port);
    // Refused while the upstream cannot check them: the console says it is reconnecting.
    await expect.poll(() => console.getByText(LIVE_RECONNECTING).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await console.screenshot({ path: screenshotPath('e2e-relay-restart-during-hang.png') });
    const feedBefore = await tableTotal(console, 'Feed events');
    const wallBefore = await newestOnWall();

    hang.resume();
    await ingestRecorded(stack.upstreamUrl, token, match.id, FEED, 20, 80);
    await expect.poll(() => tableTotal(console, 'Feed events'), { timeout: 10_000 }).toBeGreaterThan(feedBefore);
    await expect.poll(newestOnWall, { timeout: 10_000 }).not.toBe(wallBefore);
    expect(await notReloaded(console)).toBe(true);
    expect(await notReloaded(wall)).toBe(true);
    await console.screenshot({ path: screenshotPath('e2e-relay-restart-console.png') });
    await wall.screenshot({ path: screenshotPath('e2e-relay-restart-wall.png') });
  }, 120_000);

  it('retries a watch refused while the upstream hangs, and shows the match live once it answers, without a reload', async () => {
    const console = await openConsole(browser, relay.url, DEMO.email, DEMO.password, 20_000);
    await console.goto(`${relay.url}/match/${match.id}/feed`);
    await expect.poll(() => tableTotal(console, 'Feed events'), { timeout: 20_000 }).toBeGreaterThan(0);
    await markPage(console);
    hang.hang();
    // A match this operator has not opened yet: its access check cannot be answered.
    await console.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await console.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/match/${other.id}/feed`);
    await expect.poll(() => console.getByText(LIVE_RECONNECTING).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    hang.resume();
    await ingestRecorded(stack.upstreamUrl, token, other.id, 'argentina-france-2022-final', 0, 20);
    await expect.poll(() => tableTotal(console, 'Feed events'), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await console.getByText(LIVE_RECONNECTING).count()).toBe(0);
    expect(await notReloaded(console)).toBe(true);
  }, 120_000);
});
