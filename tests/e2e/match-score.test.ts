import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { League, ListReply, Match } from '@odds/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDS_DIR, readFeedFile } from '@odds/upstream/testing';
import { seriousViolations } from '../support/axe';
import { browserUnavailable, launchBrowser, openConsole } from '../support/browser';
import { ingestRecorded } from '../support/feeds';
import { DEMO, loginThrough, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/** One result of the 2022 final on every screen, and the match header's live score and minute. */
describe.skipIf(unavailable)('match results in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let token: string;
  let final: Match;
  const shots = mkdtempSync(join(tmpdir(), 'match-score-'));

  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${stack.url}${path}`, { headers: { authorization: `Token ${token}` } });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const header = () => page.getByRole('group', { name: 'Score and minute' });

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    token = await loginThrough(stack.url);
    [final] = (await get<ListReply<Match>>(`/api/1/1/1/matches?q=${encodeURIComponent('Argentina - France')}&date=2022-12-18`)).results as [Match];
    page = await openConsole(browser, stack.url, DEMO.email, DEMO.password);
    console.log(`[match-score] screenshots in ${shots}`);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 120_000);

  it("shows the final's whole result in the match header, as the wall does", async () => {
    await page.goto(`${stack.url}/match/${final.id}`);
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toBe('3–3a.e.t., 4–2 pensFull-time');
    expect(await header().locator('.match-scoreline').textContent()).toBe('3–3');
    await page.locator('.match-header').screenshot({ path: join(shots, 'header-final.png') });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('writes it the same in the league table, and the 90-minute score, labelled, in the stats', async () => {
    const { results } = await get<ListReply<League>>('/api/1/1/1/leagues?q=FIFA');
    const worldCup = results[0]!;
    await page.goto(`${stack.url}/league/${worldCup.id}/tables`);
    const row = page.getByRole('row').filter({ hasText: 'Argentina' }).filter({ hasText: 'France' }).first();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('3–3 a.e.t., 4–2 pens');
    expect(await row.textContent()).toContain('2–0');
    await page.screenshot({ path: join(shots, 'league-table.png') });

    // League stats settle the match result on 90 minutes: a draw, said so beside the whole result.
    const season = worldCup.seasons.find((s) => s.name === '2022')!;
    const { results: markets } = await get<ListReply<{ id: number; name: string }>>('/api/1/1/1/markets');
    const matchResult = markets.find((m) => m.name === 'Match Result')!;
    await page.goto(`${stack.url}/league/${worldCup.id}/stats/${season.id}/team/${final.home.id}/market/${matchResult.id}`);
    const statsRow = page.getByRole('row').filter({ hasText: '2022-12-18' });
    await expect.poll(() => statsRow.textContent(), { timeout: 20_000 }).toContain('2–2 at 90′ (3–3 a.e.t., 4–2 pens)');
    expect(await statsRow.textContent()).toContain('draw');
    await page.screenshot({ path: join(shots, 'league-stats.png') });
  });

  it('shows the live score and minute in the header as the feed plays, with no reload', async () => {
    const { results } = await get<ListReply<Match>>(`/api/1/1/1/matches?q=${encodeURIComponent('World Cup Classics')}&order_by=start&limit=100`);
    const fixture = results.find((m) => m.league.name === 'World Cup Classics' && m.name === 'Argentina - France')!;
    const feed = readFeedFile(new URL('argentina-france-2022-final.jsonl', FEEDS_DIR)).messages;
    // Up to the first offer after the first goal (Messi's penalty, 23′).
    const goal = feed.findIndex((m) => m.type === 'event' && m.kind === 'goal');
    const next = goal + feed.slice(goal).findIndex((m) => m.type === 'offer' && !m.suspended);
    await page.goto(`${stack.url}/match/${fixture.id}`);
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(/^Prematch Kick-off/);
    await ingestRecorded(stack.upstreamUrl, token, fixture.id, 'argentina-france-2022-final', 0, goal - 5);
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(/^0–0Live \d+′$/);
    await ingestRecorded(stack.upstreamUrl, token, fixture.id, 'argentina-france-2022-final', goal - 5, next + 1);
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toMatch(/^1–0Live (2[3-9])′$/);
    await page.locator('.match-header').screenshot({ path: join(shots, 'header-live.png') });
  });
});
