/**
 * First load of the console, cold, in headless Chromium against a real relay and upstream on
 * loopback ports (the built client: run `npm run build` first): bytes transferred (compressed, as
 * on the wire) and requests for /login and for /matches logged in, the layout shift of /matches,
 * and then Lighthouse (desktop preset, cold cache) on both pages when the lighthouse package is
 * installed: performance, accessibility, LCP, CLS and bytes. Targets: /login ≤ 250 KB, /matches
 * ≤ 400 KB, CLS ≤ 0.05, performance ≥ 95, accessibility 100.
 */
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { buildRelay } from '../../relay/src/app';
import { createTestUpstream } from '../../infra/upstream/src/testing';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const clientDir = fileURLToPath(new URL('../../client/dist', import.meta.url));

const upstream = await createTestUpstream();
await upstream.app.listen({ port: 0, host: '127.0.0.1' });
const upstreamUrl = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
const relay = await buildRelay({ upstreamUrl, clientDir });
await relay.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(relay.app.server.address() as AddressInfo).port}`;
const token = await upstream.login();

const rows: [string, string][] = [];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** Loads a page in a fresh context (cold cache) and sums what came over the wire, by CDP's encoded lengths. */
async function coldLoad(path: string, loggedIn: boolean, settle: (page: Page) => Promise<void>): Promise<{ bytes: number; requests: number; fonts: number; cls: number }> {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
    if (loggedIn) await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
    await context.addInitScript(() => {
      (window as unknown as { cls: number }).cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    let requests = 0;
    let fonts = 0;
    const types = new Map<string, string>();
    cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
      requests += 1;
      if (types.get(event.requestId) === 'Font') fonts += event.encodedDataLength;
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await settle(page);
    await page.waitForTimeout(1_000);
    const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls);
    return { bytes, requests, fonts, cls };
  } finally {
    await browser.close();
  }
}

const login = await coldLoad('/login', false, async (page) => void (await page.getByLabel('Email').waitFor()));
rows.push(['/login cold: transferred (requests, of which fonts)', `${kb(login.bytes)} (${login.requests} requests, fonts ${kb(login.fonts)})`]);
const matches = await coldLoad('/matches', true, async (page) => void (await page.getByRole('table', { name: 'Matches' }).locator('tbody tr').nth(1).waitFor({ timeout: 15_000 })));
rows.push(['/matches cold, logged in: transferred (requests, of which fonts)', `${kb(matches.bytes)} (${matches.requests} requests, fonts ${kb(matches.fonts)})`]);
rows.push(['/matches cumulative layout shift', matches.cls.toFixed(3)]);

await lighthouse();

console.log('\nFirst load (headless Chromium, cold cache, loopback; targets /login ≤ 250 KB, /matches ≤ 400 KB, CLS ≤ 0.05, Lighthouse performance ≥ 95, accessibility 100):\n');
const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
await relay.app.close();
await upstream.close();
process.exit(0);

/**
 * Lighthouse, desktop preset, on /login and on /matches with the token in localStorage: Chromium
 * started with a debugging port, the token written (and the cache cleared) over CDP, then Lighthouse
 * told to keep storage (else it would log the page out), so the load is cold but logged in.
 */
async function lighthouse(): Promise<void> {
  let run: typeof import('lighthouse').default;
  let desktop: typeof import('lighthouse/core/config/desktop-config.js').default;
  try {
    run = (await import('lighthouse')).default;
    desktop = (await import('lighthouse/core/config/desktop-config.js')).default;
  } catch {
    rows.push(['Lighthouse', 'not run: the lighthouse package is not installed (npm install -w tests)']);
    return;
  }
  const { spawn } = await import('node:child_process');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const port = 9160 + 3;
  for (const [path, loggedIn] of [['/login', false], ['/matches', true]] as const) {
    const profile = mkdtempSync(join(tmpdir(), 'lh-'));
    const chrome = spawn(CHROME, [...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
    try {
      await waitForPort(port);
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      const page = cdp.contexts()[0]!.pages()[0] ?? (await cdp.contexts()[0]!.newPage());
      await page.goto(`${base}/favicon.svg`);
      await page.evaluate((value) => (value ? window.localStorage.setItem('token', value) : window.localStorage.clear()), loggedIn ? token : null);
      const session = await page.context().newCDPSession(page);
      await session.send('Network.clearBrowserCache');
      await cdp.close();
      const result = await run(`${base}${path}`, { port, output: 'json', logLevel: 'error', disableStorageReset: true }, desktop);
      const lhr = result!.lhr;
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      rows.push([
        `Lighthouse ${path}${loggedIn ? ' (logged in)' : ''}: performance, accessibility, LCP, CLS, bytes`,
        `${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, ${Math.round((lhr.categories.accessibility?.score ?? 0) * 100)}, ${(audit('largest-contentful-paint') / 1000).toFixed(2)} s, ${audit('cumulative-layout-shift').toFixed(3)}, ${kb(audit('total-byte-weight'))}`,
      ]);
    } finally {
      chrome.kill();
      await new Promise((resolve) => chrome.once('exit', resolve));
      rmSync(profile, { recursive: true, force: true });
    }
  }
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Chromium did not open its debugging port ${port}`);
}
