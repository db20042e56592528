/**
 * First load of the console, cold, in headless Chromium against a real relay and upstream on
 * loopback ports (the built client: run `npm run build` first): bytes transferred (compressed, as
 * on the wire) and requests for /login and for /matches logged in, the layout shift of /matches,
 * and then Lighthouse (desktop preset, cold cache) on both pages when the lighthouse package is
 * installed: performance, accessibility, FCP, LCP, TBT, CLS and bytes, the median of LH_RUNS runs
 * (3). Targets: /login ≤ 250 KB, /matches ≤ 400 KB, CLS ≤ 0.05, performance ≥ 95, accessibility 100.
 * `npx tsx tests/bench/lighthouse-compare.ts before=<dist> after=<dist>` compares two builds side by side.
 */
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { buildRelay } from '@odds/relay';
import { createTestUpstream } from '@odds/upstream/testing';
import { CHROME, FLAGS, formatRun, lighthouseInstalled, lighthouseOnce, medianRun } from './lighthouse';
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
async function coldLoad(
  path: string,
  loggedIn: boolean,
  settle: (page: Page) => Promise<void>,
): Promise<{ bytes: number; requests: number; fonts: number; cls: number }> {
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
const matches = await coldLoad(
  '/matches',
  true,
  async (page) => void (await page.getByRole('table', { name: 'Matches' }).locator('tbody tr').nth(1).waitFor({ timeout: 15_000 })),
);
rows.push([
  '/matches cold, logged in: transferred (requests, of which fonts)',
  `${kb(matches.bytes)} (${matches.requests} requests, fonts ${kb(matches.fonts)})`,
]);
rows.push(['/matches cumulative layout shift', matches.cls.toFixed(3)]);

await lighthouse();

console.log(
  '\nFirst load (headless Chromium, cold cache, loopback; targets /login ≤ 250 KB, /matches ≤ 400 KB, CLS ≤ 0.05, Lighthouse performance ≥ 95, accessibility 100):\n',
);
console.log(
  `  load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (2 cores, shared)\n`,
);
const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
await relay.app.close();
await upstream.close();
process.exit(0);

/**
 * Lighthouse, desktop preset, cold cache, on /login and on /matches logged in (lighthouse.ts):
 * LH_RUNS runs each (3 by default), the median run printed with the load average (the machine is
 * shared; Lighthouse's simulated timings still scale with the CPU time each task took here).
 */
async function lighthouse(): Promise<void> {
  if (!(await lighthouseInstalled())) {
    rows.push(['Lighthouse', 'not run: the lighthouse package is not installed (npm install -w tests)']);
    return;
  }
  const runs = Number(process.env.LH_RUNS ?? 3);
  for (const [path, loggedIn] of [
    ['/login', false],
    ['/matches', true],
  ] as const) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await lighthouseOnce(`${base}${path}`, loggedIn ? token : null));
    const median = medianRun(results);
    rows.push([
      `Lighthouse ${path}${loggedIn ? ' (logged in)' : ''}: performance, accessibility, FCP, LCP, TBT, CLS, bytes (median of ${runs})`,
      `${formatRun(median)} [scores ${results.map((r) => r.performance).join(', ')}; load ${median.load.toFixed(1)}]`,
    ]);
  }
}
