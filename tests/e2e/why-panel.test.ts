import type { DeliveriesReply, Firing, ListReply, Match, Offer, Suppression } from '@odds/protocol';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REASON_LABELS } from '../../client/src/components/why/whyText';
import { seriousViolations } from '../support/axe';
import { browserUnavailable, launchBrowser, openConsole, screenshotPath } from '../support/browser';
import { ingestRecorded } from '../support/feeds';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

const FEED = 'netherlands-usa-2022-round-of-16';
const PAGE_SIZE = 20;

/**
 * The "Why" panel on a replayed match: the recorded Netherlands–USA feed is ingested whole,
 * then the panel of an offer that fired (opened from the Graph table with the keyboard) and of one
 * whose firing was held back (clicked in the Feed table) must say what the API says happened.
 */
describe.skipIf(unavailable)('the Why panel of an offer', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let token: string;
  let match: Match;

  const get = async <T>(path: string): Promise<T> => {
    const reply = await fetch(`${stack.upstreamUrl}${path}`, { headers: { authorization: `Token ${token}` } });
    expect(reply.status, path).toBe(200);
    return (await reply.json()) as T;
  };

  /** The 1-based page of an offer in a table sorted by id descending (newest first), filtered to its market. */
  const pageOf = async (offer: { id: number; market_id: number }) => {
    const offers = await get<ListReply<Offer>>(`/api/1/offers/${match.id}?market_id=${offer.market_id}`);
    const ids = offers.results.map((o) => o.id).sort((a, b) => b - a);
    expect(ids).toContain(offer.id);
    return Math.floor(ids.indexOf(offer.id) / PAGE_SIZE) + 1;
  };

  /**
   * Opens a live table on the page that holds an offer's row. The first snapshot carries the newest
   * rows only: older ones come with "Load older" (newest first, an offer's page does not move as
   * older rows arrive). Pages change in the app (the router follows history), so loaded rows stay.
   */
  async function showRow(tab: string, table: string, older: string, offer: { id: number; market_id: number }): Promise<Locator> {
    const n = await pageOf(offer);
    await page.goto(`${stack.url}/match/${match.id}${tab}?market=${offer.market_id}&sort=-id`);
    await page.getByRole('table', { name: table }).waitFor();
    const row = rowOf(table, offer.id);
    for (let attempt = 0; attempt < 30; attempt++) {
      await page.evaluate((to) => {
        const url = new URL(window.location.href);
        url.searchParams.set('page', String(to));
        window.history.pushState(null, '', url);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, n);
      if (
        await row.waitFor({ timeout: 2_000 }).then(
          () => true,
          () => false,
        )
      )
        return row;
      const more = page.getByRole('button', { name: `Load older ${older}` });
      if (await more.count()) await more.click();
    }
    throw new Error(`offer ${offer.id} never showed in ${table}`);
  }

  const rowOf = (table: string, offerId: number): Locator =>
    page
      .getByRole('table', { name: table })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(offerId), exact: true }) });

  /** The open panel, once its slide-in has ended (a screenshot mid-way shows it faded and cut off). */
  async function openPanel(offerId: number): Promise<Locator> {
    const panel = page.getByRole('dialog', { name: `Why: offer ${offerId}` });
    await panel.waitFor();
    await expect.poll(() => panel.evaluate((el) => el.className), { timeout: 5_000 }).toContain('p-dialog-enter-done');
    return panel;
  }

  async function noSeriousViolations(name: string) {
    expect((await seriousViolations(page, '.why-panel')).map((line) => `${name}: ${line}`)).toEqual([]);
  }

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    token = await stack.upstream.login();
    const found = await get<ListReply<Match>>(`/api/1/1/1/matches?q=${encodeURIComponent('World Cup Classics')}&order_by=start&limit=100`);
    match = found.results.find((m) => m.home.name === 'Netherlands' && m.away.name === 'USA')!;
    expect(match).toBeDefined();
    const reply = await ingestRecorded(stack.upstreamUrl, token, match.id, FEED);
    console.log(`[why-panel] replayed ${FEED} into match ${match.id}: ${JSON.stringify(reply)}`);
    page = await openConsole(browser, stack.url, DEMO.email, DEMO.password);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('opens from the Graph table with Enter: the sets that fired and why, and who received which text', async () => {
    const firings = (await get<ListReply<Firing>>(`/api/1/match/${match.id}/firings?limit=1000`)).results;
    const sent = (await get<DeliveriesReply>(`/api/1/delivery/match/${match.id}?limit=1000`)).deliveries;
    const firing = firings.find((f) => sent.some((d) => d.offer_id === f.offer_id && d.log.subject))!;
    expect(firing, 'a firing with a delivery').toBeDefined();
    const delivery = sent.find((d) => d.offer_id === firing.offer_id && d.log.subject)!;
    const offerId = firing.offer_id!;
    const row = await showRow('', 'Offers', 'offers', { id: offerId, market_id: firing.market.id });
    await row.focus();
    await page.keyboard.press('Enter');

    const panel = await openPanel(offerId);
    await expect.poll(() => panel.getByRole('heading', { name: 'Fired' }).count()).toBe(1);
    for (const o of firing.outcomes) await panel.getByText(o.why, { exact: false }).first().waitFor();
    const received = panel.getByRole('listitem').filter({ hasText: delivery.contact.name }).filter({ hasText: delivery.log.subject! }).first();
    await received.waitFor();
    const line = await received.textContent();
    expect(line).toContain(delivery.channel.name);
    expect(line).toContain(delivery.language);
    if (delivery.log.outcome) expect(line).toContain(`Text written for ${delivery.log.outcome}: the likeliest outcome that fired`);
    expect(line).not.toMatch(/Set \d+/);
    if (delivery.log.body) expect(line).toContain(delivery.log.body);
    await page.screenshot({ path: screenshotPath('why-panel-fired.png') });
    await noSeriousViolations('fired');

    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);

    // The next offer of the market, where nothing fired and nothing was held: the panel says so and names the closest set.
    const held = (await get<ListReply<Suppression>>(`/api/1/match/${match.id}/suppressions?limit=1000`)).results;
    const offers = (await get<ListReply<Offer>>(`/api/1/offers/${match.id}?market_id=${firing.market.id}`)).results;
    const quiet = offers.find(
      (o) => o.id > offerId && o.status === 'SKIPPED' && !firings.some((f) => f.offer_id === o.id) && !held.some((s) => s.offer_id === o.id),
    )!;
    expect(quiet, 'a later offer where nothing happened').toBeDefined();
    const quietRow = await showRow('', 'Offers', 'offers', quiet);
    await quietRow.focus();
    await page.keyboard.press('Enter');
    const quietPanel = await openPanel(quiet.id);
    const said = await quietPanel.locator('.why-nothing').textContent();
    console.log(`[why-panel] offer ${quiet.id}: ${said}`);
    expect(said).toBe('Nothing fired on this offer.');
    // The reason the engine stored for each set of the market, by the set's name: one, not a list of guesses.
    const reasons = quietPanel.getByRole('list', { name: 'Why not' }).getByRole('listitem');
    expect(await reasons.count()).toBe(quiet.reasons!.length);
    expect(await reasons.first().textContent()).toMatch(
      /^(VALUE|RANGE|RELATIVE) set for .+: (Condition not met|Met its condition|Does not apply|Set exhausted|Not evaluated|Outside|Send delay|Odds outside|Too soon)/,
    );
    await quietPanel.getByText('Nothing was held back.').waitFor();
    await page.screenshot({ path: screenshotPath('why-panel-quiet.png') });
    await page.keyboard.press('Escape');
  }, 60_000);

  it("opens from the Feed table on a click: who or what was held back, in the operator's words", async () => {
    const held = (await get<ListReply<Suppression>>(`/api/1/match/${match.id}/suppressions?limit=1000`)).results.filter((s) => s.offer_id !== null);
    expect(held.length, 'suppressions with an offer').toBeGreaterThan(0);
    const suppression = held.find((s) => s.contact) ?? held[0]!;
    const offerId = suppression.offer_id!;
    console.log(`[why-panel] held back: offer ${offerId} ${suppression.reason} ${suppression.detail}`);
    const row = await showRow('/feed', 'Feed events', 'feed events', { id: offerId, market_id: suppression.market.id });
    await row.click();

    const panel = await openPanel(offerId);
    await panel.getByRole('heading', { name: 'Held back' }).waitFor();
    const reason = `${REASON_LABELS[suppression.reason]}: ${suppression.detail}`;
    await panel.getByText(reason, { exact: false }).first().waitFor();
    const fired = (await get<ListReply<Firing>>(`/api/1/match/${match.id}/firings?offer_id=${offerId}`)).results;
    if (fired.length === 0) await panel.getByText(/^Nothing fired on this offer/).waitFor();
    await page.screenshot({ path: screenshotPath('why-panel-held.png') });
    await noSeriousViolations('held back');
    await page.keyboard.press('Escape');

    // An offer where nothing fired because a market bound held its set back says so, and shows the bound.
    const firings = (await get<ListReply<Firing>>(`/api/1/match/${match.id}/firings?limit=1000`)).results;
    const bound = held.find((s) => !s.contact && !firings.some((f) => f.offer_id === s.offer_id));
    console.log(`[why-panel] held by a bound with nothing fired: ${bound ? `offer ${bound.offer_id} ${bound.reason}` : 'none in this feed'}`);
    if (bound) {
      await (await showRow('', 'Offers', 'offers', { id: bound.offer_id!, market_id: bound.market.id })).click();
      const quiet = await openPanel(bound.offer_id!);
      await quiet.getByText('Nothing fired on this offer.', { exact: true }).waitFor();
      // The stored reason names the bound that held the set, beside the hold itself below.
      await quiet.getByRole('list', { name: 'Why not' }).getByText(`${REASON_LABELS[bound.reason]}: ${bound.detail}`, { exact: false }).first().waitFor();
      await quiet.getByText(`${REASON_LABELS[bound.reason]}: ${bound.detail}`, { exact: false }).first().waitFor();
      await page.screenshot({ path: screenshotPath('why-panel-bound.png') });
    }
  }, 60_000);
});
