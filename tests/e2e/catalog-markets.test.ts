import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, screenshotPath } from '../support/browser';
import type { Stack } from '../support/stack';
import { address, catalogSession, choose, firstCells, rows, seriousViolations, sortBy, table } from './catalog.support';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

/**
 * Markets (settings and saved thresholds) and reports with their CSV export, on the real stack with
 * the deliveries its engine demo recorded.
 */
describe.skipIf(unavailable)('catalog: markets and reports in Chromium', () => {
  const session = catalogSession();
  const { open, nextDialog } = session;
  let page: Page;
  let stack: Stack;
  beforeAll(() => {
    ({ page, stack } = session);
  });

  it("markets: a market's settings save and show again after a reload", async () => {
    await open('/markets');
    await sortBy(page, 'Provider markets', 'Market');
    await expect.poll(async () => (await rows(page, 'Provider markets'))[0]?.[1]).toBe('Both Teams to Score');
    await table(page, 'Provider markets').getByRole('cell', { name: 'Match Result', exact: true }).click();
    await expect.poll(() => address(page)).toBe('/markets?sort=name&market=1');
    const form = page.getByRole('form', { name: 'Settings of Match Result' });
    for (const label of ['First Minute', 'Last Minute', 'Send Delay (minutes)', 'Max Threshold', 'Pass Threshold', 'Pass Threshold Timeout']) {
      await form.getByLabel(label, { exact: true }).waitFor();
    }
    expect(await form.getByLabel('home value').inputValue()).toBe('2.50');
    // Typed as a person does: select what is there, type over it, leave the field.
    for (const [label, value] of [
      ['Last Minute', '80'],
      ['draw Max', '6.5'],
    ] as const) {
      const field = form.getByLabel(label, { exact: true });
      await field.click();
      await field.press('Control+A');
      await field.pressSequentially(value);
      await field.press('Tab');
    }
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.reload();
    const again = page.getByRole('form', { name: 'Settings of Match Result' });
    await expect.poll(() => again.getByLabel('Last Minute', { exact: true }).inputValue()).toBe('80');
    expect(await again.getByLabel('draw Max').inputValue()).toBe('6.50');
    await page.screenshot({ path: screenshotPath('catalog-markets.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('markets: saved thresholds show as text, and are deleted after "Are you sure?"', async () => {
    await open('/markets?market=1');
    await expect.poll(() => firstCells(page, 'Saved thresholds')).toEqual(['1', '2', '3', '4']);
    await page.getByRole('button', { name: 'Edit saved threshold 1' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('"value": 3000');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    let question = nextDialog(false);
    await page.getByRole('button', { name: 'Delete saved threshold 2' }).click();
    expect(await question).toBe('Are you sure?');
    expect(await firstCells(page, 'Saved thresholds')).toEqual(['1', '2', '3', '4']);
    question = nextDialog(true);
    await page.getByRole('button', { name: 'Delete saved threshold 2' }).click();
    expect(await question).toBe('Are you sure?');
    await expect.poll(() => firstCells(page, 'Saved thresholds')).toEqual(['1', '3', '4']);
    await page.reload();
    await expect.poll(() => firstCells(page, 'Saved thresholds')).toEqual(['1', '3', '4']);
  });

  it('reports list the deliveries of channel 1 by default, sort, and refresh stats', async () => {
    await open('/reports');
    expect((await page.getByRole('columnheader').allTextContents()).map((h) => h.trim())).toEqual([
      'Id',
      'Title',
      'Channel',
      'Market',
      'Contact, language',
      'Score',
      'Sent At',
      'Status',
      'Attempts, retry',
      'Figures (sent / open)',
      'Options',
    ]);
    const pushes = await rows(page, 'Reports');
    expect(pushes.length).toBeGreaterThan(5);
    expect(pushes.every((r) => r[2] === 'Push notification')).toBe(true);
    // Newest first ('-created_at'); sent and open come from the report totals.
    const sentAt = pushes.map((r) => r[6] ?? '');
    expect([...sentAt].sort().reverse()).toEqual(sentAt);
    expect(pushes[0]?.[7]).toMatch(/^[A-Z]+$/);
    // The demo's push figures are the sandbox model's, and say so.
    expect(pushes.filter((r) => r[9] !== 'N/A').every((r) => r[9]?.endsWith('simulated'))).toBe(true);
    expect(pushes[0]?.[9]).toMatch(/^Total \d+ \/ \d+/);
    await sortBy(page, 'Reports', 'Id');
    await expect.poll(() => address(page)).toBe('/reports?sort=id');
    await expect
      .poll(async () => {
        const ids = (await firstCells(page, 'Reports')).map(Number);
        return ids.length > 1 && ids.every((id, i) => i === 0 || id > ids[i - 1]!);
      })
      .toBe(true);
    const first = (await firstCells(page, 'Reports'))[0]!;
    expect(
      await table(page, 'Reports')
        .getByRole('link', { name: /^Deliveries of match \d+$/ })
        .first()
        .getAttribute('href'),
    ).toMatch(/^\/match\/\d+\/delivery$/);
    await page.getByRole('button', { name: `Refresh stats of delivery ${first}`, exact: true }).click();
    await expect.poll(() => stack.upstreamHits.some((hit) => hit.url === `/api/1/delivery/stats/${first}`)).toBe(true);
    await expect.poll(async () => (await firstCells(page, 'Reports'))[0]).toBe(first);
    await page.screenshot({ path: screenshotPath('catalog-reports.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('reports filter by channel and dates, keep them on reload, and download the filtered report as CSV', async () => {
    await open('/reports');
    await choose(page, 'reports-channel', 'Email');
    await expect.poll(() => address(page)).toBe('/reports?channel=2');
    await expect.poll(async () => (await rows(page, 'Reports')).every((r) => r[2] === 'Email')).toBe(true);
    await page.reload();
    await expect.poll(async () => (await rows(page, 'Reports')).every((r) => r[2] === 'Email')).toBe(true);
    expect(await page.locator('#reports-channel').evaluate((el) => el.closest('.p-dropdown')?.textContent)).toContain('Email');
    await open('/reports?from_date=2022-12-18&to_date=2022-12-18');
    expect(await page.getByLabel('From date').inputValue()).toBe('2022-12-18');
    expect(await page.getByLabel('To date').inputValue()).toBe('2022-12-18');
    const final = await rows(page, 'Reports');
    expect(final.length).toBeGreaterThan(0);
    expect(final.every((r) => r[6]?.startsWith('2022-12-18'))).toBe(true);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('report_channel-1_2022-12-18_2022-12-18.csv');
    const text = await readFile((await file.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const csv = text.slice(1).trim().split('\n');
    expect(csv[0]).toMatch(/^id,/);
    // Every row of the filtered report, whatever the page size.
    expect(csv.length - 1).toBe(final.length);
    expect(
      csv
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual(final.map((r) => r[0]).sort());
    expect(stack.upstreamHits.some((hit) => hit.url.startsWith('/api/1/1/1/delivery/csv?channel=1&from_date=2022-12-18&to_date=2022-12-18'))).toBe(true);
  });
});
