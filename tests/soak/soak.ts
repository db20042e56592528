/**
 * `npm run soak -- --minutes N`: the console as `npm start` runs it (supervisor, upstream on PGlite
 * on disk, relay, the demo feed on a loop at --speed, default 10× real time), --clients socket.io
 * clients (default 100) watching the live match, and the wall page (/wall) open in headless
 * Chromium. Prints the memory of relay, upstream (RSS) and browser (PSS of its processes) every
 * minute, and at the end the slope of each after the warm-up (least squares over samples taken
 * every 10 s; target ≤ 1 MB/min). Options: --minutes (60), --warmup (minutes, default a fifth of
 * the run, at most 10), --clients, --speed, --data <dir> (reuse a seeded data dir; default a fresh
 * one, seeded first and not counted), --port / --upstream-port (default free ones).
 * Loopback only. Figures only: no assertion.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { numberOption, parseArgs } from '@odds/upstream/testing';
import { launchBrowser } from '../support/browser';
import { MANY_CLIENTS_ENV } from '../support/admission';
import { ConsoleProcess } from '../support/console-process';
import { browserMemory, rssOf, slopeMbPerMin } from './memory';

const args = parseArgs(process.argv.slice(2));
const minutes = numberOption(args, 'minutes', 60);
const warmup = numberOption(args, 'warmup', Math.min(10, minutes / 5));
const clients = numberOption(args, 'clients', 100);
const speed = numberOption(args, 'speed', 10);
const DEMO = { email: process.env.DEMO_EMAIL || 'demo@example.com', password: process.env.DEMO_PASSWORD || 'demo' };

const freshData = !args.options.has('data');
const dataDir = args.options.get('data') ?? mkdtempSync(join(tmpdir(), 'odds-soak-'));
const console_ = await ConsoleProcess.start({
  dataDir,
  feedSpeed: speed,
  env: MANY_CLIENTS_ENV,
  port: numberOption(args, 'port', 0),
  upstreamPort: numberOption(args, 'upstream-port', 0),
  onOutput: (text) => {
    for (const line of text.split('\n')) if (/\[supervisor\].*stopped|failed|error/i.test(line)) console.log(`  console: ${line.trim()}`);
  },
});
const { url } = console_;

const sockets: Socket[] = [];
let cleanedUp = false;
async function cleanUp(): Promise<void> {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const socket of sockets) socket.close();
  await console_.stop();
  if (freshData) rmSync(dataDir, { recursive: true, force: true });
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

try {
  console.log(
    `soak: ${minutes} min (warm-up ${warmup} min), ${clients} socket clients, feed at ${speed}x, console on ${url}${freshData ? ' (seeding a fresh data dir first)' : ''}`,
  );
  const setupStarted = Date.now();
  const matchId = await console_.liveMatch(300_000);
  console.log(`console up in ${((Date.now() - setupStarted) / 1000).toFixed(0)} s; live match ${matchId}`);

  const login = await fetch(`${url}/api/1/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO) });
  const { token } = (await login.json()) as { token: string };
  let deltas = 0;
  for (let i = 0; i < clients; i++) {
    const socket = connect(url, { auth: { token }, transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    socket.on('delta', () => deltas++);
    socket.on('packed', (packed: { event: string }) => packed.event === 'delta' && deltas++);
    socket.on('connect', () => socket.emit('watch', { matchId }, () => {}));
    // Spread the connects a little, as consoles opening over a morning would.
    if (i % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // The wall as one runs for weeks: a display of six matches (the live one and five others), no login.
  const others = await fetch(`${url}/api/1/1/1/matches?order_by=-start&limit=20`, { headers: { authorization: `Token ${token}` } });
  const wallMatches = [matchId, ...((await others.json()) as { results: { id: number }[] }).results.map((m) => m.id).filter((id) => id !== matchId)].slice(
    0,
    6,
  );
  const display = await fetch(`${url}/api/1/displays`, {
    method: 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Soak wall', match_ids: wallMatches, league_id: null, market_id: null, theme: 'dark' }),
  });
  const { path } = (await display.json()) as { path: string };
  const browser = await launchBrowser();
  const page = await (await browser.newContext({ viewport: { width: 1600, height: 900 } })).newPage();
  await page.goto(`${url}${path}`);
  await page.locator('.wall-grid').waitFor({ timeout: 30_000 });
  const domNodes = () => page.evaluate(() => document.getElementsByTagName('*').length);
  const connected = sockets.filter((s) => s.connected).length;
  console.log(`${connected}/${clients} socket clients connected and watching; wall page open\n`);

  const samples: { minutes: number; relay: number; upstream: number; browser: number; dom: number }[] = [];
  const started = Date.now();
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1).padStart(7);
  console.log('minute    relay MB  upstream MB  browser MB  deltas/client  restarts  wall DOM nodes');
  let nextPrint = 1;
  while (Date.now() - started < minutes * 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const at = (Date.now() - started) / 60_000;
    const sample = {
      minutes: at,
      relay: rssOf(console_.pidOf('relay')) ?? NaN,
      upstream: rssOf(console_.pidOf('upstream')) ?? NaN,
      browser: browserMemory(process.pid).bytes,
      dom: await domNodes(),
    };
    samples.push(sample);
    if (at >= nextPrint - 1e-9 || Date.now() - started >= minutes * 60_000) {
      nextPrint = Math.floor(at) + 1;
      const restarts = (console_.output.match(/\[supervisor\] \w[\w ]* stopped/g) ?? []).length;
      console.log(
        `${at.toFixed(1).padStart(6)}  ${mb(sample.relay)}     ${mb(sample.upstream)}     ${mb(sample.browser)}     ${String(Math.round(deltas / clients)).padStart(8)}     ${String(restarts).padStart(8)}  ${String(sample.dom).padStart(9)}`,
      );
    }
  }

  const after = samples.filter((s) => s.minutes >= warmup);
  const slope = (key: 'relay' | 'upstream' | 'browser') => slopeMbPerMin(after.map((s) => ({ minutes: s.minutes, bytes: s[key] })));
  console.log(`\nslope after ${warmup} min warm-up (${after.length} samples, target ≤ 1 MB/min):`);
  // The second half too: a step during warm-up (a cache filling, a renderer starting) weighs on a short run.
  const lastHalf = samples.filter((s) => s.minutes >= minutes / 2);
  const fmt = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;
  for (const key of ['relay', 'upstream', 'browser'] as const) {
    const value = slope(key);
    const late = slopeMbPerMin(lastHalf.map((s) => ({ minutes: s.minutes, bytes: s[key] })));
    console.log(`  ${key.padEnd(9)} ${fmt(value)} MB/min  ${Math.abs(value) <= 1 ? 'ok' : 'ABOVE TARGET'}   (second half: ${fmt(late)} MB/min)`);
  }
  console.log(`  deltas received per client: ${Math.round(deltas / clients)}; wall page errors: ${await page.locator('.live-error').count()}`);
  const doms = after.map((s) => s.dom);
  console.log(`  wall of ${wallMatches.length} matches: DOM nodes ${Math.min(...doms)}–${Math.max(...doms)} after warm-up`);
  await browser.close();
} finally {
  await cleanUp();
}
process.exit(0);
