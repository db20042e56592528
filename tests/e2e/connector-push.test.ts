import type { Match } from '@odds/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '@odds/upstream/testing';
import { answerQuestion, browserUnavailable, launchBrowser, markPage, notReloaded, openConsole, screenshotPath } from '../support/browser';
import { restAs } from '../support/rest';
import { DEMO, loginThrough, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

type List<T> = { results: T[] };

/**
 * A match's header is live: operator A
 * reassigns a match's connector, or switches a provider off and on in Settings; operator B's open
 * match page shows the new event id, or the provider as inactive, without a reload, marked with
 * who changed it, and B's History panel lists the reassign.
 */
describe.skipIf(unavailable)('connector and provider changes are live on the match header in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let a: Page;
  let b: Page;
  let token: string;
  let source: Match;
  let target: Match;

  const { get } = restAs(
    () => stack.url,
    () => token,
  );
  const operator = async (email: string, password: string) => {
    const page = await openConsole(browser, stack.url, email, password);
    page.on('dialog', (dialog) => void dialog.accept());
    return page;
  };
  const facts = (page: Page) => page.locator('.match-facts').textContent();
  const title = (page: Page) => page.locator('.match-title-row').textContent();

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    token = await loginThrough(stack.url);
    // Iberia's England - France, and Nordic's replayed fixture of it (another event).
    source = (await get<List<Match>>('/api/1/2/1/matches?q=England&limit=100')).results.find((m) => m.name === 'England - France')!;
    const classics = await get<List<Match>>(`/api/1/1/1/matches?q=${encodeURIComponent('World Cup Classics')}&order_by=start&limit=100`);
    target = classics.results.find((m) => m.league.name === 'World Cup Classics' && m.name === 'England - France')!;
    [a, b] = await Promise.all([operator(DEMO.email, DEMO.password), operator(OPS.email, OPS.password)]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 120_000);

  it("shows A's connector reassign on B's open match page, marked, and in B's History, without a reload", async () => {
    for (const page of [b, a]) {
      await page.goto(`${stack.url}/match/${source.id}`);
      await expect.poll(() => facts(page)).toContain(source.event_id);
    }
    await markPage(b);
    const input = a.getByLabel('Reassign connector');
    await input.pressSequentially('England - France.', { delay: 15 });
    const option = a.locator('.p-autocomplete-panel').getByRole('option').filter({ hasText: 'England - France' });
    await expect.poll(() => option.count(), { timeout: 10_000 }).toBe(1);
    const asked = answerQuestion(a, true);
    await option.first().click();
    await asked;
    await a.waitForURL(new RegExp(`/match/${target.id}$`));

    await expect.poll(() => facts(b), { timeout: 10_000 }).toContain(target.event_id);
    expect(await facts(b)).not.toContain(source.event_id);
    await expect.poll(() => title(b), { timeout: 10_000 }).toContain('changed by Demo Operator just now');
    expect(await notReloaded(b)).toBe(true);

    await b.getByRole('button', { name: 'History' }).click();
    const entry = b
      .getByRole('complementary', { name: 'History' })
      .locator('.history-entry')
      .filter({ hasText: `Match '${source.name}'` });
    await expect.poll(() => entry.count(), { timeout: 10_000 }).toBe(1);
    expect(await entry.textContent()).toContain('Demo Operator changed');
    expect(await entry.getByRole('row', { name: /event id/ }).textContent()).toContain(target.event_id);
    await b.screenshot({ path: screenshotPath('e2e-connector-push-history.png') });
    await b.keyboard.press('Escape');
  }, 90_000);

  it("shows A's provider switched off and on in Settings on B's open match page, marked, without a reload", async () => {
    await b.goto(`${stack.url}/match/${target.id}`);
    await expect.poll(() => facts(b)).toContain('Iberia Apuestas');
    await markPage(b);
    await a.goto(`${stack.url}/settings`);
    const iberia = a.getByRole('button', { name: 'Iberia Apuestas: Active' });
    await iberia.click();
    await a.getByRole('button', { name: 'Iberia Apuestas: Inactive' }).waitFor();

    await expect.poll(() => facts(b), { timeout: 10_000 }).toContain('Iberia Apuestas (inactive)');
    await expect.poll(() => title(b), { timeout: 10_000 }).toContain('changed by Demo Operator just now');
    await b.screenshot({ path: screenshotPath('e2e-connector-push-provider.png') });

    await a.getByRole('button', { name: 'Iberia Apuestas: Inactive' }).click();
    await a.getByRole('button', { name: 'Iberia Apuestas: Active' }).waitFor();
    await expect.poll(() => facts(b), { timeout: 10_000 }).not.toContain('(inactive)');
    expect(await notReloaded(b)).toBe(true);
  }, 90_000);

  it("shows B's provider switch on A's open Settings screen, marked, without a reload", async () => {
    await b.goto(`${stack.url}/settings`);
    await markPage(a);
    // Benelux Odds starts inactive (seed): B switches it on, then off again.
    await b.getByRole('button', { name: 'Benelux Odds: Inactive' }).click();
    await a.getByRole('button', { name: 'Benelux Odds: Active' }).waitFor({ timeout: 10_000 });
    await expect
      .poll(() => a.getByRole('row').filter({ hasText: 'Benelux Odds' }).textContent(), { timeout: 10_000 })
      .toContain('changed by Ops Operator just now');
    expect(await notReloaded(a)).toBe(true);
    await b.getByRole('button', { name: 'Benelux Odds: Active' }).click();
    await a.getByRole('button', { name: 'Benelux Odds: Inactive' }).waitFor({ timeout: 10_000 });
  }, 60_000);
});
