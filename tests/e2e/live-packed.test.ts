/**
 * A console in Chromium opening a long match: its big first snapshots arrive packed (binary
 * WebSocket frames holding their raw deflate, protocol live.ts PackedPayload), the page inflates
 * them with the browser's own DecompressionStream('deflate-raw'), and the tables show what they
 * held.
 */
import { SNAPSHOT_LIMITS } from '@odds/protocol';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, launchBrowser, openConsole, screenshotPath, tableTotal } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';

const unavailable = browserUnavailable();
if (unavailable) console.warn(`[e2e skipped] ${unavailable}`);

describe.skipIf(unavailable)('packed snapshots in Chromium', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it("inflates the long match's packed snapshots with DecompressionStream and shows their rows", async () => {
    const token = await stack.upstream.login();
    const found = await fetch(`${stack.upstreamUrl}/api/1/1/1/matches?q=Argentina - France&date=2022-12-18`, { headers: { authorization: `Token ${token}` } });
    const matchId = ((await found.json()) as { results: { id: number }[] }).results[0]!.id;

    const page = await openConsole(browser, stack.url, DEMO.email, DEMO.password, 20_000);
    // Counts the page's inflaters, before any script of the page runs.
    await page.context().addInitScript(() => {
      const Native = window.DecompressionStream;
      const counts: Record<string, number> = {};
      (window as unknown as { inflaters: Record<string, number> }).inflaters = counts;
      window.DecompressionStream = class extends Native {
        constructor(format: CompressionFormat) {
          super(format);
          counts[format] = (counts[format] ?? 0) + 1;
        }
      };
    });
    const frames = { binary: 0, binaryBytes: 0, text: 0 };
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string') frames.text += 1;
        else {
          frames.binary += 1;
          frames.binaryBytes += payload.length;
        }
      });
    });

    // A new document, so the socket (and its frames) are of this page, with the counting inflater.
    await page.goto(`${stack.url}/match/${matchId}/feed`);
    // The Feed tab pages on the server: its total is the whole feed's, beyond the live snapshot's rows.
    await expect.poll(() => tableTotal(page, 'Feed events'), { timeout: 20_000 }).toBeGreaterThan(SNAPSHOT_LIMITS.feed ?? 0);
    const inflaters = await page.evaluate(() => (window as unknown as { inflaters: Record<string, number> }).inflaters);
    // Feed, offers and deliveries of the final are far over the packing threshold.
    expect(frames.binary).toBeGreaterThanOrEqual(3);
    expect(inflaters['deflate-raw']).toBeGreaterThanOrEqual(3);

    await page.getByRole('navigation', { name: 'Match tabs' }).getByRole('link', { name: 'Delivery' }).click();
    await expect.poll(() => tableTotal(page, 'Deliveries'), { timeout: 10_000 }).toBeGreaterThan(0);
    console.log(
      `[live-packed e2e] ${frames.binary} packed frames (${(frames.binaryBytes / 1024).toFixed(1)} KB), ${frames.text} text frames, inflaters ${JSON.stringify(inflaters)}`,
    );
    await page.screenshot({ path: screenshotPath('live-packed-delivery.png'), fullPage: true });
    await page.context().close();
  }, 120_000);
});
