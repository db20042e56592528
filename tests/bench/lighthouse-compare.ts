/**
 * Lighthouse on two (or more) builds of the client side by side, in one run, so a change is judged
 * against the same machine load: `npx tsx tests/bench/lighthouse-compare.ts before=/tmp/old-dist
 * after=client/dist` serves each build from its own relay (one shared upstream), runs Lighthouse on
 * /login and /matches (logged in) LH_RUNS times (default 3) per build, interleaving the builds, and
 * prints each run and the medians with the load average. LH_THROTTLING=simulate (the preset's,
 * default), provided (observed timings, no throttling) or both. LH_REPORTS=<dir> keeps every report.
 * Not one of `npm run bench`'s rows (its file name does not end in .bench.ts).
 */
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { buildRelay } from '@odds/relay';
import { createTestUpstream } from '@odds/upstream/testing';
import { formatRun, lighthouseOnce, medianRun, type LighthouseRun, type Throttling } from './lighthouse';

const builds = process.argv.slice(2).map((arg) => {
  const [name, dir] = arg.includes('=') ? (arg.split('=', 2) as [string, string]) : [arg, arg];
  return { name, dir: resolve(dir) };
});
if (!builds.length) {
  console.error('usage: tsx tests/bench/lighthouse-compare.ts name=<client dist dir> [name=<dir> …]');
  process.exit(1);
}
const runs = Number(process.env.LH_RUNS ?? 3);
const modes: Throttling[] =
  process.env.LH_THROTTLING === 'both' ? ['simulate', 'provided'] : [process.env.LH_THROTTLING === 'provided' ? 'provided' : 'simulate'];
const reports = process.env.LH_REPORTS;
if (reports) mkdirSync(reports, { recursive: true });

const upstream = await createTestUpstream();
await upstream.app.listen({ port: 0, host: '127.0.0.1' });
const upstreamUrl = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
const token = await upstream.login();
const relays = [];
for (const build of builds) {
  const relay = await buildRelay({ upstreamUrl, clientDir: build.dir });
  await relay.app.listen({ port: 0, host: '127.0.0.1' });
  relays.push({ ...build, relay, base: `http://127.0.0.1:${(relay.app.server.address() as AddressInfo).port}` });
}

const pages = [
  ['/login', null],
  ['/matches', token],
] as const;
const results = new Map<string, LighthouseRun[]>();
const loadBefore = loadavg();
for (const throttling of modes) {
  for (let i = 0; i < runs; i++) {
    for (const { name, base } of relays) {
      for (const [path, pageToken] of pages) {
        const key = `${throttling} ${path} ${name}`;
        const reportPath = reports ? join(reports, `${name}-${path.slice(1)}-${throttling}-${i + 1}.json`) : undefined;
        const run = await lighthouseOnce(base + path, pageToken, { throttling, reportPath });
        console.log(`  run ${i + 1} ${key.padEnd(28)} ${formatRun(run)}  (load ${run.load.toFixed(2)})`);
        results.set(key, [...(results.get(key) ?? []), run]);
      }
    }
  }
}
const loadAfter = loadavg();

console.log(`\nLighthouse medians of ${runs} (desktop preset, cold cache, /matches logged in); performance, accessibility, FCP, LCP, TBT, CLS, bytes:`);
console.log(
  `  load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')} (2 cores, shared)\n`,
);
const width = Math.max(...[...results.keys()].map((key) => key.length));
for (const [key, list] of results) console.log(`  ${key.padEnd(width)}  ${formatRun(medianRun(list))}   [scores ${list.map((r) => r.performance).join(', ')}]`);

for (const { relay } of relays) await relay.app.close();
await upstream.close();
process.exit(0);
