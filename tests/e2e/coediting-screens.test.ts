import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '@odds/upstream/testing';
import { animationsDone, browserUnavailable, launchBrowser, openConsole, screenshotPath } from '../support/browser';
import { DEMO, loginThrough, startStack, type Stack } from '../support/stack';
import { seriousViolations } from '../support/axe';
import { restAs } from '../support/rest';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/** One edit screen as the two operators use it: where it is, the field both edit, and where a save goes. */
interface Screen {
  url: string;
  /** The edited field of the open form. */
  field(page: Page): Locator;
  /** Where a saved form goes (the list). */
  after: RegExp;
  /** The field's value as the API holds it now. */
  stored(): Promise<string>;
  /** The dialog's title ("This contact was changed by Demo Operator") and the row of the field. */
  what: string;
  row: string;
}

/**
 * Edit screens of versioned records with two operators: A (demo) and B
 * (ops) open the same record, A saves, B saves from the stale form and gets the conflict dialog;
 * "Keep theirs" shows A's values, "Overwrite with mine" saves B's; History names both.
 */
describe.skipIf(unavailable)('co-editing on the edit screens in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let a: Page;
  let b: Page;
  let token: string;

  /** Reads, and writes as operator A (demo), through the relay as the console sends them. */
  const { get, post } = restAs(
    () => stack.url,
    () => token,
  );

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    token = await loginThrough(stack.url);
    a = await openConsole(browser, stack.url, DEMO.email, DEMO.password);
    b = await openConsole(browser, stack.url, OPS.email, OPS.password);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 120_000);

  const open = async (page: Page, screen: Screen) => {
    await page.goto(`${stack.url}${screen.url}`);
    await screen.field(page).waitFor();
    // The form has its record (not the empty one it starts with).
    await expect.poll(() => screen.field(page).inputValue()).not.toBe('');
  };
  const saveAndLeave = async (page: Page, screen: Screen) => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(screen.after);
  };
  /** B's save from a stale form: the dialog, with A's value beside B's. */
  const staleSave = async (screen: Screen, theirs: string, mine: string, shot?: string) => {
    await screen.field(b).fill(mine);
    await screen.field(b).press('Tab');
    await b.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = b.getByRole('dialog');
    await expect.poll(() => dialog.textContent(), { timeout: 10_000 }).toContain(`${screen.what} was changed by Demo Operator`);
    const row = dialog.getByRole('row').filter({ has: b.getByRole('rowheader', { name: screen.row, exact: true }) });
    expect(await row.locator('td').allTextContents()).toEqual([theirs, `${mine} (differs)`]);
    if (shot) {
      await animationsDone(b);
      await b.screenshot({ path: shot });
      expect(await seriousViolations(b, '.conflict-dialog')).toEqual([]);
    }
    return dialog;
  };

  /** Both choices on one screen: Keep theirs after A's first save, Overwrite with mine after A's second. */
  const bothChoices = async (screen: Screen, values: { a1: string; b1: string; a2: string; b2: string }, shot?: string) => {
    await open(a, screen);
    await open(b, screen);
    await screen.field(a).fill(values.a1);
    await screen.field(a).press('Tab');
    await saveAndLeave(a, screen);
    expect(await screen.stored()).toBe(values.a1);

    const first = await staleSave(screen, values.a1, values.b1, shot);
    await first.getByRole('button', { name: 'Keep theirs' }).click();
    await expect.poll(() => first.count()).toBe(0);
    // B's form shows A's values, nothing of B's was saved, B stays on the form.
    await expect.poll(() => screen.field(b).inputValue()).toBe(values.a1);
    expect(await screen.stored()).toBe(values.a1);
    expect(b.url()).toContain(screen.url);

    // A saves again; B's form (at A's first version) is stale again: B overwrites with mine.
    await open(a, screen);
    await screen.field(a).fill(values.a2);
    await screen.field(a).press('Tab');
    await saveAndLeave(a, screen);
    const second = await staleSave(screen, values.a2, values.b2);
    await second.getByRole('button', { name: 'Overwrite with mine' }).click();
    await b.waitForURL(screen.after);
    await expect.poll(() => screen.stored(), { timeout: 10_000 }).toBe(values.b2);
  };

  /** The record's History panel on B's edit screen: B's overwrite on top, A's two saves under it. */
  const history = async (screen: Screen, what: string, field: string, values: { a1: string; a2: string; b2: string }, shot?: string) => {
    await open(b, screen);
    await b.getByRole('button', { name: 'History' }).click();
    const entries = b.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const texts = await entries.allTextContents();
    expect(texts[0]).toContain(`Ops Operator changed ${what}`);
    expect(texts[0]).toContain(`${field}${values.a2}→${values.b2}`);
    expect(texts[1]).toContain(`Demo Operator changed ${what}`);
    expect(texts[1]).toContain(`${field}${values.a1}→${values.a2}`);
    expect(texts[2]).toContain(`Demo Operator changed ${what}`);
    expect(texts[2]).toContain(`→${values.a1}`);
    if (shot) {
      await animationsDone(b);
      await b.screenshot({ path: shot });
    }
    expect(await seriousViolations(b, '.history-panel')).toEqual([]);
    await b.keyboard.press('Escape');
  };

  it('contact: stale save asks; "Keep theirs" shows A\'s name, "Overwrite with mine" saves B\'s; History names both', async () => {
    const { items } = await get<{ items: { id: number }[] }>('/api/1/contacts?provider=1&limit=1');
    const id = items[0]!.id;
    const screen: Screen = {
      url: `/contacts/${id}/edit`,
      field: (page) => page.getByLabel('Name', { exact: true }),
      after: /\/contacts$/,
      stored: async () => (await get<{ name: string }>(`/api/1/contact/${id}`)).name,
      what: 'This contact',
      row: 'name',
    };
    const values = { a1: 'Renamed by A', b1: 'Renamed by B', a2: 'Renamed by A again', b2: 'B overwrites' };
    await bothChoices(screen, values, screenshotPath('e2e-coedit-screens-contact-conflict.png'));
    await history(screen, `Contact #${id}`, 'name', values, screenshotPath('e2e-coedit-screens-contact-history.png'));
  }, 120_000);

  it('content item: stale save asks; both choices work; History names both', async () => {
    const { results } = await get<{ results: { id: number; content_type: string }[] }>('/api/1/contents?provider=1&sport=1&limit=100');
    const id = results.find((item) => item.content_type !== 'image')!.id;
    const screen: Screen = {
      url: `/cms/edit/${id}`,
      field: (page) => page.getByLabel('Content', { exact: true }),
      after: /\/cms$/,
      stored: async () => (await get<{ content: string }>(`/api/1/content/${id}`)).content,
      what: 'This content item',
      row: 'content',
    };
    const values = { a1: 'Boost from A', b1: 'Boost from B', a2: 'Second boost from A', b2: 'B keeps this one' };
    await bothChoices(screen, values, screenshotPath('e2e-coedit-screens-content-conflict.png'));
    await history(screen, `Content item #${id}`, 'content', values, screenshotPath('e2e-coedit-screens-content-history.png'));
  }, 120_000);

  it('stat event: a stale save of the event asks about it; "Keep theirs" puts their minute in its row, "Overwrite with mine" saves mine', async () => {
    const { results: matches } = await get<{ results: { id: number }[] }>('/api/1/1/1/matches?limit=1');
    const matchId = matches[0]!.id;
    const { results: types } = await get<{ results: { id: number }[] }>('/api/1/events/types');
    const {
      results: [created],
    } = await post<{ results: { id: number }[] }>('/api/1/events', { events: [{ match_id: matchId, type: types[0]!.id, period: 1, game_time: 20 }] });
    const events = async () => (await get<{ results: { id: number; game_time: number }[] }>(`/api/1/events/match/${matchId}`)).results;
    const index = (await events()).findIndex((e) => e.id === created!.id);
    const screen: Screen = {
      url: `/event/${matchId}/edit`,
      field: (page) => page.locator('fieldset.event-row').nth(index).getByLabel('Minute'),
      after: new RegExp(`/events/${matchId}$`),
      stored: async () => String((await events()).find((e) => e.id === created!.id)!.game_time),
      what: 'This stat event',
      row: 'minute',
    };
    await bothChoices(screen, { a1: '21', b1: '22', a2: '23', b2: '24' }, screenshotPath('e2e-coedit-screens-event-conflict.png'));
    const { results: audit } = await get<{ results: { actor: { name: string } }[] }>(`/api/1/audit?entity=stat_event&entity_id=${created!.id}`);
    expect(audit.map((e) => e.actor.name)).toEqual(['Ops Operator', 'Demo Operator', 'Demo Operator', 'Demo Operator']);
  }, 120_000);
});
