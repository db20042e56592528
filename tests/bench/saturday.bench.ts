/**
 * A busy Saturday (`npm run bench -- saturday`): N matches in play at once (SATURDAY_N, default
 * 300; the recorded feeds on the first matches at 10×, generated feeds on the rest: ~20 markets,
 * an odds_change every 5 s repricing what moved, goals with suspensions), 2 socket.io consoles per
 * match and 3 walls of 12 matches, all opening at once; after a warm-up (SATURDAY_WARMUP_S, 20 s)
 * a steady window of SATURDAY_SECONDS (120) in which it measures offers/s and deltas/s reaching
 * the consoles, change → client p50/p99/max, refused or failed watches, upstream requests/s (mean
 * and the worst second, all requests the upstream processes received, and without the feed's
 * ingest calls), CPU-seconds per second and RSS of every process, and every Node process's
 * event-loop lag p99/max (saturday-probe.mjs). SATURDAY_MODES: `embedded,broker` (default) or
 * one of them. Broker mode uses TEST_DATABASE_URL / TEST_REDIS_URL / TEST_AMQP_URL or starts
 * throwaway servers (.ci/services.sh). Prints; asserts nothing. Load average printed with every figure.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginThrough } from '../support/stack';
import { killOnExit } from '../support/processes';
import { benchServices } from './bench-services';
import { percentile } from './relay-figures';
import { cpuSeconds, treeSeconds } from './scale-cpu';
import { generatedFeed, recordedFeed, recordedFeeds, TICK_MS, type MatchFeed } from './saturday-feed';
import { brokerStack, embeddedStack, PROBE, type Stack } from './saturday-stack';

const N = Number(process.env.SATURDAY_N ?? 300);
const SECONDS = Number(process.env.SATURDAY_SECONDS ?? 120);
const WARMUP_S = Number(process.env.SATURDAY_WARMUP_S ?? 20);
const MODES = (process.env.SATURDAY_MODES ?? 'embedded,broker').split(',');
const CLIENT_PROCESSES = 4;
const WALLS = 3;
const WALL_SIZE = 12;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

interface Probed {
  pid: number;
  label: string;
  lines: { t: number; requests: number; lags: number[]; cpu: number; rss: number }[];
}

/** The probe files of a run: each Node process's label (from its command line) and its per-second lines. */
function readProbes(dir: string): Probed[] {
  const named = readdirSync(dir)
    .map((file) => {
      const [head, ...rest] = readFileSync(join(dir, file), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      const argv = String(head.argv);
      const kind = argv.includes('infra/start.ts')
        ? 'supervisor'
        : argv.includes('upstream/src/main.ts')
          ? 'API'
          : argv.includes('worker-main')
            ? 'engine worker'
            : argv.includes('relay/src/main.ts')
              ? 'relay'
              : argv.includes('saturday-clients')
                ? 'clients'
                : argv.split('/').at(-1)!;
      return { pid: head.pid as number, kind, lines: rest };
    })
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.pid - b.pid);
  const seen = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const p of named) counts.set(p.kind, (counts.get(p.kind) ?? 0) + 1);
  return named.map((p) => {
    const k = (seen.get(p.kind) ?? 0) + 1;
    seen.set(p.kind, k);
    return { pid: p.pid, label: counts.get(p.kind)! > 1 ? `${p.kind} ${k}` : p.kind, lines: p.lines };
  });
}

function rssOf(pid: number | null): number {
  if (!pid) return 0;
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
  } catch {
    return 0;
  }
}

async function run(stack: Stack, probeDir: string) {
  const { matchIds, markets } = stack;
  const token = await loginThrough(stack.relays[0]!);
  const auth = { authorization: `Token ${token}`, 'content-type': 'application/json' };

  // Walls: displays of 12 matches each, spread over the fixture list.
  const walls: { token: string; matches: number[] }[] = [];
  for (let w = 0; w < WALLS; w += 1) {
    const ids = Array.from({ length: Math.min(WALL_SIZE, matchIds.length) }, (_, i) => matchIds[(w * WALL_SIZE + i) % matchIds.length]!);
    const created = await fetch(`${stack.relays[0]}/api/1/displays`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: `saturday wall ${w + 1}`, match_ids: [...new Set(ids)], league_id: null, market_id: null, theme: 'dark' }),
    });
    if (!created.ok) throw new Error(`display create: ${created.status} ${await created.text()}`);
    walls.push({ token: ((await created.json()) as { token: string }).token, matches: [...new Set(ids)] });
  }

  // The feeds: recorded ones on the first matches, generated ones on the rest; each ticks every 5 s at its own phase.
  const recordings = recordedFeeds();
  const runId = `sat${Date.now()}`;
  const feeds: MatchFeed[] = matchIds.map((id, i) => (i < recordings.length ? recordedFeed(id, recordings[i]!, runId) : generatedFeed(id, markets, runId)));
  let sentOffers = 0;
  let ingestCalls = 0;
  let ingestFailures = 0;
  const ingestErrors = new Set<string>();
  const post = async (i: number, messages: object[]) => {
    if (!messages.length) return;
    ingestCalls += 1;
    sentOffers += messages.filter((m) => (m as { type: string }).type === 'offer').length;
    try {
      const response = await fetch(`${stack.apis[i % stack.apis.length]}/api/1/engine/match/${matchIds[i]}/ingest`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ messages }),
      });
      if (!response.ok) {
        ingestFailures += 1;
        ingestErrors.add(`${response.status} ${(await response.text()).slice(0, 200)}`);
      } else await response.arrayBuffer();
    } catch (error) {
      ingestFailures += 1;
      ingestErrors.add((error as Error).message);
    }
  };
  let feeding = true;
  const timers: NodeJS.Timeout[] = [];
  // Kick-offs spread over one tick, then each match's tick at its phase.
  await Promise.all(
    feeds.map(
      (feed, i) =>
        new Promise<void>((resolve) => {
          timers.push(
            setTimeout(
              () => {
                void post(i, feed.start(Date.now())).then(resolve);
                timers.push(setInterval(() => feeding && void post(i, feed.tick(Date.now())), TICK_MS));
              },
              Math.floor((i / feeds.length) * TICK_MS),
            ),
          );
        }),
    ),
  );

  // The consoles and walls, all opening at once, split over a few processes.
  const clients: ChildProcess[] = Array.from({ length: CLIENT_PROCESSES }, () =>
    killOnExit(
      fork(fileURLToPath(new URL('./saturday-clients.ts', import.meta.url)), {
        execArgv: ['--import', 'tsx', '--import', PROBE],
        env: { ...process.env, SATURDAY_PROBE_DIR: probeDir },
      }),
    ),
  );
  const ask = <T>(child: ChildProcess, message: object, reply: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { type: string }) => {
        if (m.type !== reply) return;
        child.off('message', on);
        resolve(m as T);
      };
      child.on('message', on);
      child.send(message);
    });
  const consoles = matchIds.flatMap((id) => [id, id]);
  const connectStarted = performance.now();
  const connected = await Promise.all(
    clients.map((child, k) =>
      ask<{ refused: number; failed: number; errors: string[] }>(
        child,
        {
          type: 'connect',
          url: stack.relays[k % stack.relays.length],
          token,
          matches: consoles.filter((_, c) => c % CLIENT_PROCESSES === k),
          walls: walls.filter((_, w) => w % CLIENT_PROCESSES === k),
        },
        'connected',
      ),
    ),
  );
  const connectS = (performance.now() - connectStarted) / 1000;
  const refused = connected.reduce((n, c) => n + c.refused, 0);
  const failed = connected.reduce((n, c) => n + c.failed, 0);
  const watchErrors = [...new Set(connected.flatMap((c) => c.errors))];
  console.log(
    `${stack.mode}: ${consoles.length} consoles and ${walls.length} walls connected in ${connectS.toFixed(1)} s (refused watches ${refused}, failed connections ${failed}${watchErrors.length ? `: ${watchErrors.slice(0, 3).join(' | ')}` : ''}); load ${load()}`,
  );

  await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));
  const from = Date.now();
  const until = from + SECONDS * 1000;
  for (const child of clients) child.send({ type: 'measure', from, until });
  const servers0 = Object.fromEntries(Object.entries(stack.servers).map(([k, pid]) => [k, k === 'postgres' ? treeSeconds(pid) : cpuSeconds(pid ?? -1)]));
  const sent0 = sentOffers;
  const calls0 = ingestCalls;
  const loadAtStart = load();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const servers1 = Object.fromEntries(Object.entries(stack.servers).map(([k, pid]) => [k, k === 'postgres' ? treeSeconds(pid) : cpuSeconds(pid ?? -1)]));
  const sent = sentOffers - sent0;
  const calls = ingestCalls - calls0;
  const loadAtEnd = load();
  // Offers committed near the end still travel: give them a few seconds before the report.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  feeding = false;
  for (const timer of timers) clearTimeout(timer);
  const reports = await Promise.all(
    clients.map((child) => ask<{ latencies: number[]; deltas: number; offers: number[]; resyncs: number }>(child, { type: 'report' }, 'report')),
  );
  for (const child of clients) child.send({ type: 'stop' });

  // Figures of the window.
  const latencies = reports.flatMap((r) => r.latencies);
  const probes = readProbes(probeDir);
  const inWindow = (t: number) => t > from && t <= until;
  const upstreamPerSecond = new Map<number, number>();
  for (const p of probes.filter((p) => p.label.startsWith('API'))) {
    for (const line of p.lines.filter((l) => inWindow(l.t)))
      upstreamPerSecond.set(Math.floor(line.t / 1000), (upstreamPerSecond.get(Math.floor(line.t / 1000)) ?? 0) + line.requests);
  }
  // The feed's ingest calls are spread evenly over each tick: their mean rate is taken off every second.
  const perSecond = [...upstreamPerSecond.values()].map((n) => ({ all: n, relay: n - calls / SECONDS }));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const processes = probes.map((p) => {
    const lines = p.lines.filter((l) => inWindow(l.t));
    const first = p.lines.filter((l) => l.t <= from).at(-1) ?? lines[0];
    const last = lines.at(-1);
    const lags = lines.flatMap((l) => l.lags);
    return {
      process: p.label,
      'CPU-s/s': first && last ? ((last.cpu - first.cpu) / ((last.t - first.t) / 1000)).toFixed(3) : '-',
      'RSS MB': last ? Math.round(last.rss / 1e6) : '-',
      'lag p99 ms': lags.length ? percentile(lags, 99) : '-',
      'lag max ms': lags.length ? Math.max(...lags) : '-',
    };
  });
  for (const [k, pid] of Object.entries(stack.servers)) {
    processes.push({
      process: k,
      'CPU-s/s': ((servers1[k]! - servers0[k]!) / SECONDS).toFixed(3),
      'RSS MB': Math.round(rssOf(pid) / 1e6),
      'lag p99 ms': '-',
      'lag max ms': '-',
    });
  }
  const cpuOf = (prefix: string) => processes.filter((p) => p.process.startsWith(prefix)).reduce((n, p) => n + Number(p['CPU-s/s']), 0);
  const upstreamCpu = cpuOf('API') + cpuOf('engine worker');
  // The distinct offers any console received (a match is watched from more than one client process).
  const offersSeen = new Set(reports.flatMap((r) => r.offers)).size;
  const summary = {
    mode: stack.mode,
    N: matchIds.length,
    window: `${SECONDS} s`,
    'offers/s sent': (sent / SECONDS).toFixed(0),
    'ingest calls/s': (calls / SECONDS).toFixed(1),
    'offers/s reaching consoles': (offersSeen / SECONDS).toFixed(0),
    'deltas/s (all sockets)': (reports.reduce((n, r) => n + r.deltas, 0) / SECONDS).toFixed(0),
    'change→client p50/p99/max ms': latencies.length ? `${percentile(latencies, 50)} / ${percentile(latencies, 99)} / ${Math.max(...latencies)}` : '-',
    'refused/failed watches': `${refused} / ${failed}`,
    resyncs: reports.reduce((n, r) => n + r.resyncs, 0),
    'ingest failures': ingestFailures,
    'upstream req/s mean/worst': `${mean(perSecond.map((s) => s.all)).toFixed(0)} / ${Math.max(0, ...perSecond.map((s) => s.all))}`,
    'relay req/s mean/worst': `${mean(perSecond.map((s) => s.relay)).toFixed(0)} / ${Math.max(0, ...perSecond.map((s) => s.relay)).toFixed(0)}`,
    // The upstream's CPU per offer sent: its Node processes (the API or embedded upstream, the engine workers), and Postgres beside.
    'upstream CPU ms/offer': sent ? ((upstreamCpu * SECONDS * 1000) / sent).toFixed(2) : '-',
    'Postgres CPU ms/offer': sent && stack.servers.postgres ? ((cpuOf('postgres') * SECONDS * 1000) / sent).toFixed(2) : '-',
    load: `${loadAtStart} → ${loadAtEnd}`,
  };
  console.log(`\nsaturday ${stack.mode}, N = ${matchIds.length}: window ${SECONDS} s after ${WARMUP_S} s warm-up; load ${loadAtStart} → ${loadAtEnd}`);
  console.table([summary]);
  console.table(processes);
  if (ingestErrors.size) console.log(`ingest errors: ${[...ingestErrors].slice(0, 3).join(' | ')}`);
  return summary;
}

const results = [];
for (const mode of MODES) {
  const probeDir = mkdtempSync(join(tmpdir(), 'odds-saturday-probe-'));
  let services: { stop(): void } | null = { stop() {} };
  if (mode === 'broker') {
    services = await benchServices(['postgres', 'redis', 'rabbitmq']);
    if (!services) {
      console.log('saturday broker: skipped: no Postgres, Redis and RabbitMQ (and none could be started)');
      continue;
    }
  }
  const stack = mode === 'broker' ? await brokerStack(N, probeDir) : await embeddedStack(N, probeDir);
  try {
    results.push(await run(stack, probeDir));
  } finally {
    await stack.stop();
    services.stop();
    rmSync(probeDir, { recursive: true, force: true });
  }
}
if (results.length > 1) console.table(results);
process.exit(0);
