/**
 * Lighthouse (desktop preset, cold cache) on one page of the console, run in a fresh headless
 * Chromium per run: the token written into localStorage (or cleared) and the HTTP cache dropped over
 * CDP first, then Lighthouse told to keep storage (else it would log the page out), so the load is
 * cold but logged in. Several runs give the median (Lighthouse's scores swing on a shared machine).
 * Used by first-load.bench.ts and lighthouse-compare.ts.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** 'simulate' is the preset's (Lantern models a desktop on a fast link from the observed trace); 'provided' scores what was observed. */
export type Throttling = 'simulate' | 'provided';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  bytes: number;
  /** The 1-minute load average when the run ended (the machine is shared). */
  load: number;
  /** Lighthouse's runtime error (e.g. NO_FCP when the page did not paint in time): the run has no figures. */
  error?: string;
}

/** True when the lighthouse package can be imported (it is a devDependency of tests/). */
export async function lighthouseInstalled(): Promise<boolean> {
  try {
    await import('lighthouse');
    return true;
  } catch {
    return false;
  }
}

/**
 * One Lighthouse run of `url`; `token` logs the page in (null: logged out). The full report is written
 * to `reportPath` when given (read its opportunities and diagnostics there).
 */
export async function lighthouseOnce(
  url: string,
  token: string | null,
  options: { throttling?: Throttling; reportPath?: string } = {},
): Promise<LighthouseRun> {
  const run = (await import('lighthouse')).default;
  const desktop = (await import('lighthouse/core/config/desktop-config.js')).default;
  const profile = mkdtempSync(join(tmpdir(), 'lh-'));
  // Port 0: Chromium picks a free debugging port and writes it to DevToolsActivePort (benches run in parallel on a shared machine).
  const chrome = spawn(CHROME, [...FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  try {
    const port = await debuggingPort(profile);
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    const page = cdp.contexts()[0]!.pages()[0] ?? (await cdp.contexts()[0]!.newPage());
    await page.goto(new URL('/favicon.svg', url).href);
    await page.evaluate((value) => (value ? window.localStorage.setItem('token', value) : window.localStorage.clear()), token);
    const session = await page.context().newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await cdp.close();
    const flags = {
      port,
      output: 'json' as const,
      logLevel: 'error' as const,
      disableStorageReset: true,
      ...(options.throttling === 'provided' ? { throttlingMethod: 'provided' as const } : {}),
    };
    const result = await run(url, flags, desktop);
    const lhr = result!.lhr;
    if (options.reportPath) writeFileSync(options.reportPath, JSON.stringify(lhr));
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      speedIndex: audit('speed-index'),
      bytes: audit('total-byte-weight'),
      load: loadavg()[0]!,
      ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    };
  } finally {
    chrome.kill();
    await new Promise((resolve) => chrome.once('exit', resolve));
    // Chromium's helper processes may still be writing their cache as the browser exits.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      // a temporary directory left behind is no reason to lose the run
    }
  }
}

/** The median run by performance score (its own figures, not a mix of several runs); failed runs count only if all failed. */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const valid = runs.filter((run) => !run.error);
  const sorted = [...(valid.length ? valid : runs)].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** "perf, a11y, FCP, LCP, TBT, CLS, bytes" of a run, as the bench tables print it. */
export function formatRun(run: LighthouseRun): string {
  if (run.error) return `failed (${run.error})`;
  return `${run.performance}, ${run.accessibility}, FCP ${(run.fcp / 1000).toFixed(2)} s, LCP ${(run.lcp / 1000).toFixed(2)} s, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}, ${(run.bytes / 1024).toFixed(0)} KB`;
}

async function debuggingPort(profile: string): Promise<number> {
  for (let i = 0; i < 100; i++) {
    try {
      const port = Number(readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
      if (port > 0 && (await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return port;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Chromium did not open its debugging port');
}
