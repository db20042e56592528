import { sql } from 'drizzle-orm';
import type { ListReply, Match } from '@odds/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, launchBrowser, openConsole } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/**
 * What the UOF adapter skipped, on the Feed health screen with its reason; and a match of a sport
 * the adapter does not read, refused where it is linked (the match header) with the API's reason.
 */
describe.skipIf(unavailable)('UOF skipped markets and sports in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let operator: Page;
  let match: Match;
  /** With E2E_SHOTS_DIR set, keeps a screenshot of each screen this test passes through (to look at). */
  const shot = async (page: Page, name: string) => {
    if (process.env.E2E_SHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}.png`, fullPage: true });
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    const token = await stack.upstream.login();
    const reply = await fetch(`${stack.upstreamUrl}/api/1/1/1/matches?timeframe=FUTURE&order_by=start&limit=1`, {
      headers: { authorization: `Token ${token}` },
    });
    match = ((await reply.json()) as ListReply<Match>).results[0]!;
    operator = await openConsole(browser, stack.url, DEMO.email, DEMO.password, 15_000);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('lists a skipped line with why on Feed health', async () => {
    // What the adapter writes when a message carries a total its provider lacks (adapter-messages.test.ts proves the write).
    await stack.upstream.database.db.execute(
      sql`insert into uof_unknown_markets (market, outcome, reason, count) values ('18 (total=4.5)', '', ${"the match's provider has no such market or line"}, 3)`,
    );
    await operator.goto(`${stack.url}/feed-health`);
    const table = operator.getByRole('table', { name: 'Skipped UOF markets' });
    await expect.poll(() => table.textContent(), { timeout: 15_000 }).toContain("the match's provider has no such market or line");
    expect(await table.getByRole('row').nth(1).textContent()).toMatch(/^18 \(total=4\.5\)\(the market\)the match's provider has no such market or line3/);
    await shot(operator, 'feed-health-skipped-markets');
  });

  it('refuses to link a basketball match, saying why where the link is made', async () => {
    await stack.upstream.database.db.execute(sql`update matches set sport_id = 4 where id = ${match.id}`);
    await operator.goto(`${stack.url}/match/${match.id}/feed`);
    await operator.getByLabel('UOF event').fill('sr:match:20440301');
    await operator.getByRole('button', { name: 'Link', exact: true }).click();
    await operator
      .getByText("UOF events can be linked to football matches only: the adapter reads football's status codes and scores, not Basketball's.")
      .waitFor();
    await shot(operator, 'match-header-uof-basketball');
    expect(await operator.getByRole('button', { name: 'Unlink' }).count()).toBe(0);
  });
});
