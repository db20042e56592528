import type { Match } from '@odds/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoUser } from '@odds/upstream/testing';
import { browserUnavailable, launchBrowser, logIn, screenshotPath, tableTotal } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { ingestRecorded } from '../support/feeds';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

const SECOND = { email: 'second.operator@example.com', password: 'second-operator' };

async function noSeriousViolations(page: Page, name: string) {
  expect((await seriousViolations(page)).map((line) => `${name}: ${line}`)).toEqual([]);
}

describe.skipIf(unavailable)('match pages live in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let operators: { context: BrowserContext; page: Page }[];
  let token: string;
  let matches: Match[];

  const ingest = (matchId: number, feedName: string, from: number, to: number) => ingestRecorded(stack.upstreamUrl, token, matchId, feedName, from, to);

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    await ensureDemoUser(stack.upstream.database.db, SECOND.email, SECOND.password, false);
    token = await stack.upstream.login();
    const reply = await fetch(`${stack.upstreamUrl}/api/1/1/1/matches?q=${encodeURIComponent('World Cup Classics')}&order_by=start&limit=100`, {
      headers: { authorization: `Token ${token}` },
    });
    matches = ((await reply.json()) as { results: Match[] }).results.filter((m) => m.league.name === 'World Cup Classics');
    operators = [];
    for (const login of [DEMO, SECOND]) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      const page = await context.newPage();
      await logIn(page, stack.url, login.email, login.password);
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      operators.push({ context, page });
    }
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('shows the graph, feed and deliveries growing for two operators at once, without reload', async () => {
    const match = matches.find((m) => m.home.name === 'Netherlands' && m.away.name === 'USA') ?? matches[0]!;
    const a = operators[0]!;
    const b = operators[1]!;
    await a.page.goto(`${stack.url}/match/${match.id}`);
    await b.page.goto(`${stack.url}/match/${match.id}/feed`);
    for (const { page } of [a, b]) {
      await expect.poll(() => page.getByText('Watching: 2').count(), { timeout: 15_000 }).toBe(1);
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    }
    expect(await a.page.getByText(match.name).first().isVisible()).toBe(true);

    const first = await ingest(match.id, 'netherlands-usa-2022-round-of-16', 0, 20);
    console.log(`[match-live] first ingest: ${JSON.stringify(first)}`);
    await expect.poll(() => tableTotal(a.page, 'Offers'), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => tableTotal(b.page, 'Feed events'), { timeout: 10_000 }).toBeGreaterThan(0);
    const offers = await tableTotal(a.page, 'Offers');
    const feed = await tableTotal(b.page, 'Feed events');

    await ingest(match.id, 'netherlands-usa-2022-round-of-16', 20, 200);
    await expect.poll(() => tableTotal(a.page, 'Offers'), { timeout: 10_000 }).toBeGreaterThan(offers);
    await expect.poll(() => tableTotal(b.page, 'Feed events'), { timeout: 10_000 }).toBeGreaterThan(feed);
    expect(await a.page.locator('.odds-chart canvas').count()).toBeGreaterThan(0);

    // The second operator moves to the Delivery tab (no reload) and sees the deliveries the prematch offer fired.
    await b.page.getByRole('navigation', { name: 'Match tabs' }).getByRole('link', { name: 'Delivery' }).click();
    await expect.poll(() => tableTotal(b.page, 'Deliveries'), { timeout: 10_000 }).toBeGreaterThan(0);
    const deliveries = await tableTotal(b.page, 'Deliveries');
    await ingest(match.id, 'netherlands-usa-2022-round-of-16', 200, 400);
    await expect.poll(() => tableTotal(a.page, 'Offers'), { timeout: 10_000 }).toBeGreaterThan(offers + 100);
    expect(await tableTotal(b.page, 'Deliveries')).toBeGreaterThanOrEqual(deliveries);
    for (const { page } of [a, b]) {
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    }
  }, 90_000);

  it('passes axe on the Graph, Feed and Delivery tabs, and each is screenshot', async () => {
    const match = matches.find((m) => m.home.name === 'Netherlands' && m.away.name === 'USA') ?? matches[0]!;
    const page = operators[0]!.page;
    for (const [tab, path, table] of [
      ['graph', '', 'Offers'],
      ['feed', '/feed', 'Feed events'],
      ['delivery', '/delivery', 'Deliveries'],
    ] as const) {
      await page.goto(`${stack.url}/match/${match.id}${path}`);
      await expect.poll(() => tableTotal(page, table), { timeout: 10_000 }).toBeGreaterThan(0);
      await page.getByRole('table', { name: table }).getByRole('row').nth(1).click();
      await page.screenshot({ path: screenshotPath(`match-live-${tab}.png`), fullPage: true });
      await noSeriousViolations(page, tab);
    }
  }, 90_000);

  it('shows live panels for three matches on the wall, without the shell', async () => {
    const three = matches.slice(1, 4);
    const feeds = ['argentina-france-2022-final', 'argentina-croatia-2022-semi-finals', 'england-france-2022-quarter-finals'];
    const page = operators[1]!.page;
    await page.goto(`${stack.url}/wall?matches=${three.map((m) => m.id).join(',')}&market=1`);
    await expect.poll(() => page.locator('.wall-panel').count(), { timeout: 10_000 }).toBe(3);
    // Each panel's connection is a quiet dot that says 'Connected' to screen readers.
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Connected' }).count(), { timeout: 15_000 }).toBe(3);
    await Promise.all(three.map((m, i) => ingest(m.id, feeds[i]!, 0, 150)));
    for (const m of three) {
      const panel = page.getByRole('region', { name: m.name });
      await expect.poll(() => panel.getByRole('table').getByRole('row').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    }
    expect(await page.getByRole('navigation').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('match-live-wall.png'), fullPage: true });
    await noSeriousViolations(page, 'wall');
  }, 90_000);

  it('times series.update at 10,000 points in the browser', async () => {
    const match = matches[1]!;
    const page = operators[0]!.page;
    await page.goto(`${stack.url}/match/${match.id}?market=1`);
    await expect.poll(() => tableTotal(page, 'Offers'), { timeout: 10_000 }).toBeGreaterThan(0);
    const figures = await page.evaluate(async () => {
      type Series = { setData(d: unknown[]): void; update(p: unknown): void };
      const el = document.querySelector('.odds-chart') as HTMLElement & { oddsChart: { series: Map<string, Series> } };
      const series = el.oddsChart.series.values().next().value as Series;
      series.setData(Array.from({ length: 10_000 }, (_, i) => ({ time: i, value: 2 + Math.sin(i / 50) })));
      const ticks = 500;
      const start = performance.now();
      for (let i = 0; i < ticks; i += 1) series.update({ time: 10_000 + i, value: 2 + Math.cos(i / 50) });
      const perUpdate = (performance.now() - start) / ticks;
      // One update followed by the frame that paints it.
      const frames: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        const t0 = performance.now();
        series.update({ time: 10_000 + ticks + i, value: 2 });
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        frames.push(performance.now() - t0);
      }
      frames.sort((x, y) => x - y);
      return { perUpdateMs: perUpdate, medianUpdateToPaintMs: frames[15]! };
    });
    console.log(
      `[graph bench] series.update at 10,000 points: ${figures.perUpdateMs.toFixed(3)} ms per update; update→paint median ${figures.medianUpdateToPaintMs.toFixed(1)} ms`,
    );
    expect(figures.perUpdateMs).toBeLessThan(16);
  }, 60_000);
});
