import type { DisplayCreated, ListReply, Match } from '@odds/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, launchBrowser, openConsole } from '../support/browser';
import { FEEDS_DIR, readFeedFile, toMessage } from '@odds/upstream/testing';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

const FEED = 'netherlands-usa-2022-round-of-16';
/** Short, so the test sees a stall start and end; the monitor looks every quarter of it. */
const STALL_S = 4;

/**
 * The feed-stall alarm end to end: a live match whose feed goes quiet shows a banner on the match
 * page and turns red on a wall (another browser context, a display token), both pushed by the
 * relay; both clear when messages return.
 */
describe.skipIf(unavailable)('feed-stall alarm in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let operator: Page;
  let wallContext: BrowserContext;
  let wall: Page;
  let token: string;
  let live: Match;
  let sent = 0;
  const feed = readFeedFile(new URL(`${FEED}.jsonl`, FEEDS_DIR));
  const base = Date.now() - 20 * 60_000;
  const ingest = async (count: number) => {
    const reply = await fetch(`${stack.upstreamUrl}/api/1/engine/match/${live.id}/ingest`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: feed.messages.slice(sent, sent + count).map((m) => toMessage(m, base)) }),
    });
    expect(reply.status).toBe(200);
    sent += count;
  };
  const banner = () => operator.getByTestId('feed-stall-banner');
  /** With E2E_SHOTS_DIR set, keeps a screenshot of each screen this test passes through (to look at). */
  const shot = async (page: Page, name: string) => {
    if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}.png`, fullPage: true });
  };
  const panelStalled = () => wall.getByRole('region', { name: live.name }).getAttribute('data-stalled');

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ feedHealth: { stallAfterS: STALL_S } }), launchBrowser()]);
    token = await stack.upstream.login();
    const reply = await fetch(`${stack.upstreamUrl}/api/1/1/1/matches?q=World%20Cup%20Classics&timeframe=FUTURE&order_by=start&limit=10`, {
      headers: { authorization: `Token ${token}` },
    });
    live = ((await reply.json()) as ListReply<Match>).results[0]!;
    operator = await openConsole(browser, stack.url, DEMO.email, DEMO.password, 15_000);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('shows a banner on the match page when a live match goes quiet, and clears it when messages return', async () => {
    await ingest(40); // kick-off and the first minutes: the match is live
    await operator.goto(`${stack.url}/match/${live.id}/feed`);
    await banner().waitFor({ timeout: (STALL_S + 10) * 1000 });
    expect(await banner().textContent()).toMatch(/^No odds from the feed for \d+ s — last message \d\d:\d\d:\d\d$/);
    await shot(operator, 'match-page-stalled');
    await ingest(5);
    await banner().waitFor({ state: 'detached', timeout: STALL_S * 1000 });
  });

  it('lists the stalled match first, in red, on the Feed health screen', async () => {
    await operator.goto(`${stack.url}/feed-health`);
    const row = operator.getByTestId(`feed-health-${live.id}`);
    await expect.poll(() => row.textContent(), { timeout: (STALL_S + 10) * 1000, interval: 200 }).toContain('Stalled since');
    expect(await row.getByRole('link', { name: live.name }).count()).toBe(1);
    await shot(operator, 'feed-health-stalled');
    await operator.goto(`${stack.url}/match/${live.id}/feed`);
  });

  it('turns the match red on a wall in another browser context, and back', async () => {
    const created = await fetch(`${stack.upstreamUrl}/api/1/displays`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Stall wall', match_ids: [live.id], league_id: null, market_id: null, theme: 'dark' }),
    });
    expect(created.status).toBe(200);
    const { path } = (await created.json()) as DisplayCreated;
    wallContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    wall = await wallContext.newPage();
    wall.setDefaultTimeout(15_000);
    await wall.goto(`${stack.url}${path}`);
    await expect.poll(panelStalled, { timeout: (STALL_S + 10) * 1000, interval: 200 }).toBe('true');
    expect(await wall.getByRole('region', { name: live.name }).getByRole('alert').textContent()).toMatch(/^No odds from the feed for \d+ s/);
    await shot(wall, 'wall-stalled');
    // The operator's page shows it too, pushed, without a reload.
    await banner().waitFor();
    await ingest(5);
    await expect.poll(panelStalled, { timeout: STALL_S * 1000, interval: 100 }).toBe('false');
    await wallContext.close();
  });

  it('links the match to a UOF event from its header', async () => {
    await operator.goto(`${stack.url}/match/${live.id}/feed`);
    await operator.getByLabel('UOF event').fill('sr:match:424242');
    await operator.getByRole('button', { name: 'Link', exact: true }).click();
    await operator.getByRole('button', { name: 'Unlink' }).waitFor();
    await shot(operator, 'match-header-uof');
    const reply = await fetch(`${stack.upstreamUrl}/api/1/match/${live.id}/uof`, { headers: { authorization: `Token ${token}` } });
    expect(await reply.json()).toMatchObject({ event: 'sr:match:424242', version: 1, updated_by: 'Demo Operator' });
  });
});
