import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '@odds/upstream/testing';
import { animationsDone, browserUnavailable, choose, launchBrowser, openConsole, screenshotPath } from '../support/browser';
import { restAs } from '../support/rest';
import { DEMO, loginThrough, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

interface Named {
  id: number;
  name: string;
}

/**
 * Issue 43, the catalog made by hand: an admin creates a league, two teams and a match in the
 * browser (the server's refusal shown in the form), and an operator who is no admin then sets
 * thresholds on that match (and is refused the catalog screen).
 */
describe.skipIf(unavailable)('the catalog made by hand (Chromium)', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: Page;
  let token: string;
  const { get } = restAs(
    () => stack.url,
    () => token,
  );
  let matchId = 0;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    token = await loginThrough(stack.url);
    admin = await openConsole(browser, stack.url, DEMO.email, DEMO.password, 30_000);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 120_000);

  const dialog = (page: Page) => page.getByRole('dialog');
  const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();

  it('an admin creates a league, two teams and a match', async () => {
    await admin.getByRole('button', { name: 'Settings menu' }).click();
    await admin.getByRole('menuitem', { name: 'Catalog' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Catalog' }).waitFor();

    await admin.getByRole('button', { name: 'New league' }).click();
    await admin.getByLabel('Name', { exact: true }).fill('Öresund Cup');
    await admin.getByLabel('Path', { exact: true }).fill('Europe / Öresund');
    await dialog(admin).getByRole('button', { name: 'Create league' }).click();
    await dialog(admin).waitFor({ state: 'hidden' });
    await expect.poll(() => admin.getByRole('table', { name: 'Leagues' }).textContent()).toContain('Öresund Cup');

    await tab(admin, 'Teams');
    // A blank name is refused by the server, in words the form shows (and nothing is created).
    await admin.getByRole('button', { name: 'New team' }).click();
    await admin.getByLabel('Name', { exact: true }).fill('   ');
    await dialog(admin).getByRole('button', { name: 'Create team' }).click();
    await expect.poll(() => dialog(admin).getByRole('alert').textContent()).toBe('The team name is required.');
    for (const [i, name] of ['Lund FC', 'Helsingborgs IF'].entries()) {
      if (i > 0) await admin.getByRole('button', { name: 'New team' }).click();
      await admin.getByLabel('Name', { exact: true }).fill(name);
      await dialog(admin).getByRole('button', { name: 'Create team' }).click();
      await dialog(admin).waitFor({ state: 'hidden' });
    }
    await expect.poll(() => admin.getByRole('table', { name: 'Teams' }).textContent()).toContain('Helsingborgs IF');

    await tab(admin, 'Matches');
    await admin.getByRole('button', { name: 'New match' }).click();
    await choose(admin, 'catalog-match-league_id', 'Öresund Cup');
    await choose(admin, 'catalog-match-home_team_id', 'Lund FC');
    await choose(admin, 'catalog-match-away_team_id', 'Helsingborgs IF');
    await admin.locator('#catalog-match-start').fill('2031-06-01T18:00');
    await animationsDone(admin);
    await admin.screenshot({ path: screenshotPath('catalog-new-match.png') });
    await dialog(admin).getByRole('button', { name: 'Create match' }).click();
    await dialog(admin).waitFor({ state: 'hidden' });
    await expect.poll(() => admin.getByRole('table', { name: 'Matches' }).textContent()).toContain('Lund FC - Helsingborgs IF');
    await animationsDone(admin);
    await admin.screenshot({ path: screenshotPath('catalog-matches.png'), fullPage: true });

    const { results } = await get<{ results: (Named & { league: Named; start: string; event_id: string })[] }>('/api/1/1/1/matches?q=Lund%20FC&limit=5');
    const match = results.find((m) => m.name === 'Lund FC - Helsingborgs IF')!;
    expect(match).toMatchObject({ league: { name: 'Öresund Cup' } });
    expect(new Date(match.start).getTime()).toBe(new Date(2031, 5, 1, 18, 0).getTime());
    matchId = match.id;
    const history = await get<{ results: { action: string; actor: { name: string } }[] }>(`/api/1/audit?entity=match&entity_id=${matchId}`);
    expect(history.results.map((e) => [e.action, e.actor.name])).toEqual([['create', 'Demo Operator']]);
  }, 240_000);

  it('an operator (no admin) cannot open the catalog, and sets thresholds on the new match', async () => {
    expect(matchId).toBeGreaterThan(0);
    const operator = await openConsole(browser, stack.url, OPS.email, OPS.password, 30_000);
    await operator.getByRole('button', { name: 'Settings menu' }).click();
    expect(await operator.getByRole('menuitem', { name: 'Catalog' }).count()).toBe(0);
    await operator.keyboard.press('Escape');
    await operator.goto(`${stack.url}/catalog`);
    await expect
      .poll(() => operator.getByRole('alert').filter({ hasText: 'permission' }).first().textContent())
      .toBe('You do not have permission to perform this action');

    await operator.goto(`${stack.url}/match/${matchId}/thresholds`);
    await operator
      .getByRole('heading', { name: /Lund FC - Helsingborgs IF/ })
      .first()
      .waitFor();
    await operator.getByRole('list', { name: 'Markets' }).getByRole('button').first().click();
    const editor = operator.locator('form.threshold-editor');
    const outcome = (await editor.locator('legend').first().textContent())!;
    await operator.getByLabel(`${outcome} value`, { exact: true }).fill('2.5');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() =>
        operator
          .locator('.threshold-set')
          .filter({ hasText: `${outcome} 2.50` })
          .count(),
      )
      .toBe(1);
    await animationsDone(operator);
    await operator.screenshot({ path: screenshotPath('catalog-operator-thresholds.png'), fullPage: true });
    const sets = await get<{ results: { thresholds: Record<string, { value?: number }> }[] }>(`/api/1/match/${matchId}/thresholds`);
    expect(sets.results.flatMap((s) => Object.values(s.thresholds).map((t) => t.value))).toContain(2500);
  }, 240_000);
});
