import type { MatchContent } from '@odds/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '@odds/upstream/testing';
import { animationsDone, browserUnavailable, launchBrowser, openConsole, screenshotPath } from '../support/browser';
import { DEMO, loginThrough, startStack, type Stack } from '../support/stack';
import { seriousViolations } from '../support/axe';
import { restAs } from '../support/rest';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

interface ThresholdSet {
  id: number;
  version: number;
  market_id: number;
  contact_id: number | null;
  line: number | null;
  thresholds: Record<string, { value?: number }>;
}

/** Two operators on one match: live tables, the conflict dialog, History with the right actors. */
describe.skipIf(unavailable)('co-editing a live match in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let a: Page;
  let b: Page;
  let matchId: number;
  let token: string;

  /** Reads, and writes as operator A (demo), through the relay as the console sends them. */
  const { get, post } = restAs(
    () => stack.url,
    () => token,
  );
  const operator = async (email: string, password: string) => {
    const page = await openConsole(browser, stack.url, email, password, 30_000);
    await page.goto(`${stack.url}/match/${matchId}/thresholds`);
    return page;
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    token = await loginThrough(stack.url);
    const { results } = await get<{ results: { id: number }[] }>('/api/1/1/1/matches?limit=100');
    for (const match of results) {
      if ((await get<{ results: unknown[] }>(`/api/1/match/${match.id}/content`)).results.length > 0) {
        matchId = match.id;
        break;
      }
    }
    a = await operator(DEMO.email, DEMO.password);
    b = await operator(OPS.email, OPS.password);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 120_000);

  it("shows A's save to B live; B's stale save asks; \"Overwrite with mine\" keeps B's edit; History names both", async () => {
    const market = (page: Page) => page.getByRole('list', { name: 'Markets' }).getByRole('button').first();
    const marketName = (await market(a).textContent())!;
    // Both have the match's sets and its live watch (two watching) before anyone edits.
    for (const page of [a, b]) {
      await page.locator('.thresholds-sets li').first().waitFor();
      await expect.poll(() => page.locator('.live-indicator').textContent(), { timeout: 10_000 }).toMatch(/Watching: 2/);
    }
    await market(a).click();
    const editorA = a.locator('form.threshold-editor');
    const [first, second] = (await editorA.locator('legend').allTextContents()) as [string, string];

    // A saves 2.50 on the first outcome: B's list shows it without a reload, marked with who did it.
    await a.getByLabel(`${first} value`, { exact: true }).fill('2.5');
    await editorA.getByRole('button', { name: 'Save', exact: true }).click();
    const setRow = (page: Page, text: string) =>
      page.locator('.thresholds-sets li').filter({ hasText: new RegExp(`VALUE · any contact · (.*, )?${first} ${text}`) });
    await expect.poll(() => setRow(b, '2\\.50').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => setRow(b, '2\\.50').textContent(), { timeout: 10_000 }).toContain('changed by Demo Operator just now');

    // B opens that set and types over the first outcome (2.60) and the second (4.20); A then changes
    // the first again (2.75), which B's list shows, B's form keeping what B typed.
    await market(b).click();
    const editorB = b.locator('form.threshold-editor');
    expect(await b.getByLabel(`${first} value`, { exact: true }).inputValue()).toBe('2.5');
    await b.getByLabel(`${first} value`, { exact: true }).fill('2.6');
    await b.getByLabel(`${second} value`, { exact: true }).fill('4.2');
    await a.getByLabel(`${first} value`, { exact: true }).fill('2.75');
    await editorA.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => setRow(b, '2\\.75').count(), { timeout: 10_000 }).toBe(1);
    expect(await b.getByLabel(`${first} value`, { exact: true }).inputValue()).toBe('2.6');

    // B saves: the conflict dialog asks about the field both changed (their 2.75 beside my 2.60) only.
    await editorB.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = b.getByRole('dialog');
    await expect.poll(() => dialog.textContent(), { timeout: 10_000 }).toContain('This threshold set was changed by Demo Operator');
    const firstRow = dialog.getByRole('row').filter({ hasText: `${first} value` });
    expect(await firstRow.locator('td').allTextContents()).toEqual(['2.75', '2.60 (differs)']);
    expect(
      await dialog
        .getByRole('row')
        .filter({ hasText: `${second} value` })
        .count(),
    ).toBe(0);
    await animationsDone(b);
    await b.screenshot({ path: screenshotPath('e2e-coediting-conflict.png') });
    expect(await seriousViolations(b, '.conflict-dialog')).toEqual([]);

    // Overwrite with mine: re-sent against their version; B's edit is saved whole, A sees it live.
    await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const saved = async () =>
      (await get<{ results: ThresholdSet[] }>(`/api/1/match/${matchId}/thresholds`)).results.find(
        (s) => s.contact_id === null && s.line === null && s.thresholds[second]?.value === 4200,
      );
    await expect.poll(async () => (await saved())?.thresholds[first]?.value, { timeout: 10_000 }).toBe(2600);
    const set = (await saved())!;
    await expect
      .poll(
        () =>
          a
            .locator('.thresholds-sets li')
            .filter({ hasText: `${second} 4.20` })
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1);

    // History: B's overwrite on top, A's two saves under it; nothing is lost from the record.
    const { results: audit } = await get<{ results: { actor: { name: string }; entity_id: number; after: ThresholdSet | null }[] }>(
      `/api/1/audit?entity=threshold_set&entity_id=${set.id}&limit=3`,
    );
    expect(audit.map((e) => e.actor.name)).toEqual(['Ops Operator', 'Demo Operator', 'Demo Operator']);
    expect(audit[1]!.after!.thresholds[first]!.value).toBe(2750);
    await b.getByRole('button', { name: 'History' }).click();
    const entries = b.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const texts = await entries.allTextContents();
    // The set by its market and thresholds (as the list says it), not by its id.
    expect(texts[0]).toContain(`Ops Operator changed Threshold set '${marketName}: `);
    expect(texts[0]).toMatch(new RegExp(`${first} value2\\.75→2\\.60`));
    expect(texts[0]).toMatch(new RegExp(`${second} value.*→4\\.20`));
    expect(texts[1]).toContain(`Demo Operator changed Threshold set '${marketName}: `);
    expect(texts[1]).toMatch(new RegExp(`${first} value2\\.50→2\\.75`));
    await animationsDone(b);
    await b.screenshot({ path: screenshotPath('e2e-coediting-history.png') });
    expect(await seriousViolations(b, '.history-panel')).toEqual([]);
    expect(marketName).toBeTruthy();
  }, 90_000);

  it('shows A\'s content and stat event to B live; B\'s stale content save asks and "Keep theirs" reloads their text', async () => {
    type Content = MatchContent & { version: number };
    const contentOf = async () => (await get<{ results: Content[] }>(`/api/1/match/${matchId}/content`)).results[0]!;
    const saveAsA = (mc: Content, title: string) =>
      post<Content>(`/api/1/match/${matchId}/content`, {
        id: mc.id,
        version: mc.version,
        market_id: mc.market?.id ?? null,
        channel_id: mc.channel.id,
        language: mc.language.code,
        node_id: mc.node_id,
        sub_node: mc.sub_node,
        leaf_node: mc.leaf_node,
        period: mc.period,
        hold: mc.hold,
        timed: mc.timed,
        contact_id: mc.contact_id,
        meta: mc.meta,
        content: { ...mc.content, title: [{ ...(mc.content.title[0]?.id ? { id: mc.content.title[0].id } : {}), content: title }] },
      });
    await b.goto(`${stack.url}/match/${matchId}/content/preview`);
    await expect.poll(() => b.locator('.live-indicator').textContent(), { timeout: 10_000 }).toMatch(/Watching: 2/);
    const record = await contentOf();
    await b
      .locator('.content-record')
      .filter({ hasText: `#${record.id} ` })
      .waitFor();
    const row = b.locator('.content-record').filter({ hasText: `#${record.id} ` });

    await saveAsA(record, 'Kick-off boost from A');
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('title: Kick-off boost from A');
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('changed by Demo Operator just now');

    // B opens the record; A changes it again; B's save from the opened copy asks, and B keeps theirs.
    await row.getByRole('button', { name: `Edit content ${record.id}` }).click();
    const title = b.getByLabel('Title', { exact: true });
    await expect.poll(() => title.inputValue()).toBe('Kick-off boost from A');
    // B types first (a clean form would follow A's save by itself): both changed the title.
    await title.fill('B was here');
    await saveAsA(await contentOf(), 'Second thought from A');
    // Whether A's save has reached B's tab or not, B's save asks: both changed the title.
    await b.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = b.getByRole('dialog');
    await expect.poll(() => dialog.textContent(), { timeout: 10_000 }).toContain('This content was changed by Demo Operator');
    expect(
      await dialog
        .getByRole('row')
        .filter({ has: b.getByRole('rowheader', { name: 'title', exact: true }) })
        .locator('td')
        .allTextContents(),
    ).toEqual(['Second thought from A', 'B was here (differs)']);
    await dialog.getByRole('button', { name: 'Keep theirs' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await title.inputValue()).toBe('Second thought from A');
    expect((await contentOf()).content.title[0]!.content).toBe('Second thought from A');
    // Saved again from their version: no conflict now.
    await title.fill('B after reading theirs');
    await b.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await contentOf()).content.title[0]!.content, { timeout: 10_000 }).toBe('B after reading theirs');

    // A stat event by A reaches B's Stats list without a reload.
    await b.goto(`${stack.url}/events/${matchId}`);
    await expect.poll(() => b.locator('.live-indicator').textContent(), { timeout: 10_000 }).toMatch(/Watching: 2/);
    const rows = b.getByRole('row').filter({ hasText: '88' });
    await b.getByRole('table').first().waitFor();
    const before = await rows.count();
    const { results: types } = await get<{ results: { id: number }[] }>('/api/1/events/types');
    await post('/api/1/events', { events: [{ match_id: matchId, type: types[0]!.id, period: 2, game_time: 88 }] });
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(before + 1);
  }, 90_000);
});
