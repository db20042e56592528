import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS } from '@odds/upstream/testing';
import { animationsDone, browserUnavailable, launchBrowser, openConsole, screenshotPath } from '../support/browser';
import { DEMO, loginThrough, startStack, type Stack } from '../support/stack';
import { restAs } from '../support/rest';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

interface Event {
  id: number;
  type: number;
  game_time: number;
  period: number;
}

/**
 * Issue 46, broken item 1 for stat events: one operator deletes a stat event another has open in
 * the stat form. The form keeps the row as typed, says who deleted it at its top (in view at
 * 1440×900) and offers Save as new or Discard; the delete's countdown names who is editing.
 */
describe.skipIf(unavailable)('stat event deleted while another operator edits it (Chromium, two operators)', () => {
  let stack: Stack;
  let browser: Browser;
  let a: Page;
  let b: Page;
  let token: string;
  let matchId: number;
  let type: number;
  const { get, post } = restAs(
    () => stack.url,
    () => token,
  );
  const eventsOf = async () => (await get<{ results: Event[] }>(`/api/1/events/match/${matchId}`)).results;
  const create = async (minute: number) =>
    (await post<{ results: Event[] }>('/api/1/events', { events: [{ match_id: matchId, type, period: 1, game_time: minute }] })).results[0]!;
  const rowOf = (page: Page, index: number) => page.locator('fieldset.event-row').nth(index);
  const editingNow = (page: Page) => page.getByRole('list', { name: 'Editing now' });

  /** B opens the stat form and changes the event's minute without saving (B is then editing Stats). */
  const bEdits = async (event: Event, minute: string) => {
    await b.goto(`${stack.url}/event/${matchId}/edit?mode=edit`);
    await b.locator('fieldset.event-row').first().waitFor({ timeout: 15_000 });
    const index = (await eventsOf()).findIndex((e) => e.id === event.id);
    const field = rowOf(b, index).getByLabel('Minute');
    await expect.poll(() => field.inputValue()).toBe(String(event.game_time));
    await field.fill(minute);
    await field.press('Tab');
    await expect.poll(() => editingNow(a).textContent(), { timeout: 15_000 }).toContain('Ops Operator is editing Stats');
    return index;
  };
  /** A deletes it from the Stats list; the countdown says B is editing stat events. */
  const aDeletes = async (event: Event, shot?: string) => {
    await a.getByRole('button', { name: `Delete event ${event.id}`, exact: true }).click();
    const warning = a.locator('.confirm-delete-warning');
    await expect.poll(() => warning.textContent()).toBe('Ops Operator is editing stat events now.');
    if (shot) await a.screenshot({ path: screenshotPath(shot) });
    await a.getByRole('button', { name: `Confirm: Delete event ${event.id}`, exact: true }).click();
    await expect.poll(async () => (await eventsOf()).some((e) => e.id === event.id)).toBe(false);
  };
  const notice = () => b.locator('.deleted-while-open');

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    token = await loginThrough(stack.url);
    const { results } = await get<{ results: { id: number }[] }>('/api/1/1/1/matches?timeframe=FUTURE&order_by=start&limit=1');
    matchId = results[0]!.id;
    type = (await get<{ results: { id: number }[] }>('/api/1/events/types')).results[0]!.id;
    a = await openConsole(browser, stack.url, DEMO.email, DEMO.password, 30_000);
    b = await openConsole(browser, stack.url, OPS.email, OPS.password, 30_000);
    await a.setViewportSize({ width: 1440, height: 900 });
    await b.setViewportSize({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 120_000);

  it('keeps the typed row with a notice in view, and saves it as a new event when asked', async () => {
    const event = await create(23);
    await create(51);
    await a.goto(`${stack.url}/events/${matchId}`);
    await a.getByRole('button', { name: `Delete event ${event.id}`, exact: true }).waitFor();
    const index = await bEdits(event, '24');
    await aDeletes(event, 'p46-stat-event-delete-names-editor.png');

    await expect.poll(() => notice().textContent(), { timeout: 15_000 }).toContain(`Stat event ${event.id}`);
    expect(await notice().textContent()).toContain("24') was deleted by Demo Operator while you had it open.");
    // Nothing was reset: the minute typed is still in its row, and Save waits for a choice.
    expect(await rowOf(b, index).getByLabel('Minute').inputValue()).toBe('24');
    expect(await b.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    const box = (await notice().boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    await animationsDone(b);
    await b.screenshot({ path: screenshotPath('p46-stat-event-deleted-while-open.png') });

    const before = (await eventsOf()).length;
    await notice()
      .getByRole('button', { name: `Save event ${event.id} as new` })
      .click();
    await expect.poll(async () => (await eventsOf()).length).toBe(before + 1);
    const saved = (await eventsOf()).find((e) => e.game_time === 24)!;
    expect(saved.id).not.toBe(event.id);
    expect(saved.type).toBe(type);
    await expect.poll(() => notice().count()).toBe(0);
    expect(await b.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(false);
  }, 120_000);

  it('Discard my edit drops the row and writes nothing', async () => {
    const event = await create(67);
    await a.goto(`${stack.url}/events/${matchId}`);
    await a.getByRole('button', { name: `Delete event ${event.id}`, exact: true }).waitFor();
    await bEdits(event, '68');
    await aDeletes(event);
    await expect.poll(() => notice().textContent(), { timeout: 15_000 }).toContain('deleted by Demo Operator');
    const rows = await b.locator('fieldset.event-row').count();
    const before = (await eventsOf()).length;
    await notice()
      .getByRole('button', { name: `Discard my edit of event ${event.id}` })
      .click();
    await expect.poll(() => notice().count()).toBe(0);
    expect(await b.locator('fieldset.event-row').count()).toBe(rows - 1);
    expect((await eventsOf()).length).toBe(before);
  }, 120_000);
});
