import type { Market, Match } from '@odds/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, launchBrowser, openConsole } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';
import { OPS } from '@odds/upstream/testing';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/**
 * A threshold edit moves the match's thresholds and history, nothing of its feed: a console showing
 * the match reads those topics' pushes and makes no read of the match's live state or feed events
 * (it did: every change to any topic made the header's phase read due 5 s later). Counted at the
 * upstream, which sees every REST read the console and the relay make.
 */
describe.skipIf(unavailable)('a threshold edit and the reads it causes', { timeout: 60_000 }, () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let match: Match;
  let marketId: number;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    const token = await stack.upstream.login();
    const get = async <T>(url: string) => (await stack.upstream.app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } })).json<T>();
    // A fixture to come: its live state is read once a minute when nothing moves.
    match = (await get<{ results: Match[] }>('/api/1/1/1/matches?timeframe=FUTURE&order_by=start&limit=5')).results[2]!;
    marketId = (await get<{ results: Market[] }>('/api/1/1/1/markets?limit=100')).results.find((m) => m.name === 'Both Teams to Score')!.id;
    page = await openConsole(browser, stack.url, DEMO.email, DEMO.password);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  const reads = (since: number, path: string) => stack.upstreamHits.slice(since).filter((hit) => hit.method === 'GET' && hit.url.split('?')[0] === path);

  it('reads the thresholds (and history) again, never /live or /feed/events', async () => {
    await page.goto(`${stack.url}/match/${match.id}`);
    // The watch's first snapshots (the relay reads every table), then the header's reads of the
    // live state, the second once the snapshot of the feed arrived (5 s after the first): then quiet.
    await expect.poll(() => reads(0, `/api/1/match/${match.id}/trackers`).length).toBeGreaterThan(0);
    await expect.poll(() => reads(0, `/api/1/match/${match.id}/live`).length, { timeout: 15_000 }).toBeGreaterThan(1);
    await page.waitForTimeout(1_000);
    const before = stack.upstreamHits.length;
    const token = await stack.upstream.login(OPS);
    const saved = await stack.upstream.app.inject({
      method: 'POST',
      url: `/api/1/match/${match.id}/thresholds`,
      headers: { authorization: `Token ${token}` },
      payload: { type: 'VALUE', market_id: marketId, thresholds: { yes: { value: 1850 } }, replace: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The relay reads the table the notice names (the proof the console got its push)…
    await expect.poll(() => reads(before, `/api/1/match/${match.id}/thresholds`).length).toBeGreaterThan(0);
    // …and, past the 5 s after which a moved feed makes the header read again, nothing of the feed.
    await page.waitForTimeout(7_000);
    expect(reads(before, `/api/1/match/${match.id}/live`)).toEqual([]);
    expect(reads(before, `/api/1/match/${match.id}/feed/events`)).toEqual([]);
    expect(reads(before, `/api/1/match/${match.id}/feed`)).toEqual([]);
  });
});
