/**
 * A busy Saturday (`npm run bench -- saturday`): N matches in play at once (SATURDAY_N, default
 * 300; the recorded feeds on the first matches at 10×, generated feeds on the rest: ~20 markets,
 * an odds_change every 5 s repricing what moved, goals with suspensions), 2 socket.io consoles per
 * match and 3 walls of 12 matches, all opening at once; after a warm-up (SATURDAY_WARMUP_S, 20 s)
 * a steady window of SATURDAY_SECONDS (120) in which it measures offers/s and deltas/s reaching
 * the consoles, change → client p50/p99/max, refused or failed watches, upstream requests/s (mean
 * and the worst second, all requests the upstream processes received, and without the feed's
 * ingest calls), CPU-seconds per second and RSS of every process (and its RSS growth from a tenth
 * and from two thirds of the window in to its end; a Node process's heap floor), and every Node process's
 * event-loop lag p99/max (saturday-probe.mjs). Feed → channel (saturday-channels.ts): local fakes
 * of FCM, APNs, Telegram, WhatsApp and X run in this process answering in 50 ms, and the servers
 * send to them; the book (saturday-book.ts) has one follower per match on each person channel
 * (each customer follows 5 matches, at most one alert a minute) and the brand's X account, and a
 * sharp-move set (DROP 5 % within 1 minute) on each match's three headline markets: on the
 * generated feeds about one firing per match every 3 minutes (0.3 a minute, a book's in-play
 * alerts on a busy Saturday: N = 300 about 1.5 firings a second), each going to that match's
 * followers (some held back by their one-a-minute limit). Per channel, for the deliveries of the
 * offers posted in the window: fired against called, and the time from the ingest call that
 * carried the offer to the fake's first call for the delivery, p50/p99/max.
 * SATURDAY_CHANNEL_429=<fcm|apns|telegram|whatsapp|x>: that vendor's fake answers every call 429
 * (in its vendor's error shape) for the whole window. The window starts only once every console
 * and wall is watching (each watch acknowledged, or its refusal or failure counted) and the warm-up after
 * that has passed: it prints how long the consoles took to all be watching and how long after that
 * the window began. SATURDAY_MODES: `embedded,broker` (default) or one of them. Broker mode uses
 * TEST_DATABASE_URL / TEST_REDIS_URL / TEST_AMQP_URL or starts throwaway servers
 * (.ci/services.sh). Everything it starts (servers, processes, folders, its database) is stopped
 * at its end, and when it is interrupted or fails (bench-cleanup.ts). Prints; asserts nothing. Node's
 * version and the load average are printed before it starts and with every figure.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginThrough } from '../support/stack';
import { killOnExit } from '../support/processes';
import { cleanUp, cleanUpOnInterrupt, ending, onCleanup, stopProcess } from './bench-cleanup';
import { benchServices } from './bench-services';
import { maxOf, percentile } from './relay-figures';
import { treeCpu } from './scale-cpu';
import { FeedToChannel, printFigures } from './saturday-channels';
import { cpuRateOf, heapFloorsOf, readProbes, readServers, rssGrowthOf, rssOf } from './saturday-probes';
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

async function run(stack: Stack, probeDir: string, channels: FeedToChannel) {
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
    channels.posting(matchIds[i]!, messages, Date.now());
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
  // Asked over IPC to close their sockets; one whose channel is gone (it has ended meanwhile, or is ending) gets SIGTERM.
  const stopClients = onCleanup('the console clients', () =>
    Promise.all(clients.map((child) => stopProcess(child, () => child.send({ type: 'stop' }, (error) => error && child.kill('SIGTERM'))))),
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
  const assigned = clients.map((_, k) => ({
    matches: consoles.filter((_, c) => c % CLIENT_PROCESSES === k),
    walls: walls.filter((_, w) => w % CLIENT_PROCESSES === k),
  }));
  const connectStarted = Date.now();
  const connected = await Promise.all(
    clients.map((child, k) => ask<Connected>(child, { type: 'connect', url: stack.relays[k % stack.relays.length], token, ...assigned[k] }, 'connected')),
  );
  const watching = watchingOf(connected, assigned, connectStarted);
  const sockets = consoles.length + walls.length;
  console.log(
    `${stack.mode}: ${consoles.length} consoles and ${walls.length} walls all watching in ${watching.seconds.toFixed(1)} s (${watching.watching} of ${sockets} sockets watching every match they asked for; refused watches ${watching.refused}, failed connections or watches ${watching.failed}${watching.errors.length ? `: ${watching.errors.slice(0, 3).join(' | ')}` : ''}); load ${load()}`,
  );

  await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));
  const servers = Object.fromEntries(Object.entries(stack.servers).map(([k, pid]) => [k, treeCpu(pid)]));
  const from = Date.now();
  const until = from + SECONDS * 1000;
  const servers0 = readServers(servers);
  // The servers' RSS every 10 s of the window, for their growth as the Node processes' probes give it.
  const serverRss = Object.fromEntries(Object.keys(stack.servers).map((k) => [k, [] as { t: number; rss: number }[]]));
  const sampleServers = setInterval(() => {
    for (const [k, pid] of Object.entries(stack.servers)) serverRss[k]!.push({ t: Date.now(), rss: rssOf(pid) });
  }, 10_000);
  channels.windowBegins();
  const measuring = await Promise.all(clients.map((child) => ask<{ open: number }>(child, { type: 'measure', from, until }, 'measuring')));
  const window = windowStart(
    from,
    watching,
    sockets,
    measuring.reduce((n, m) => n + m.open, 0),
  );
  console.log(`${stack.mode}: ${window.line}`);
  const sent0 = sentOffers;
  const calls0 = ingestCalls;
  const loadAtStart = load();
  await new Promise((resolve) => setTimeout(resolve, until - Date.now()));
  const servers1 = readServers(servers);
  clearInterval(sampleServers);
  for (const [k, pid] of Object.entries(stack.servers)) serverRss[k]!.push({ t: Date.now(), rss: rssOf(pid) });
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
  await stopClients();

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
  const rows: {
    process: string;
    cpu: number | null;
    rss: number | null;
    growth?: number | null;
    lateGrowth?: number | null;
    heap?: { settled: number; end: number } | null;
    lags: number[];
  }[] = probes.map((p) => {
    const lines = p.lines.filter((l) => inWindow(l.t));
    return {
      process: p.label,
      cpu: cpuRateOf(p, from, until),
      rss: lines.at(-1)?.rss ?? null,
      growth: rssGrowthOf(p.lines, from, until),
      lateGrowth: rssGrowthOf(p.lines, from, until, 2 / 3),
      heap: heapFloorsOf(p, from, until),
      lags: lines.flatMap((l) => l.lags),
    };
  });
  const serverSeconds = (servers1.at - servers0.at) / 1000;
  for (const [k, pid] of Object.entries(stack.servers)) {
    const [c0, c1] = [servers0.seconds[k], servers1.seconds[k]];
    const rss = serverRss[k]!;
    rows.push({
      process: k,
      cpu: c0 == null || c1 == null ? null : (c1 - c0) / serverSeconds,
      rss: rssOf(pid),
      growth: rssGrowthOf(rss, from, until + 1_000),
      lateGrowth: rssGrowthOf(rss, from, until + 1_000, 2 / 3),
      lags: [],
    });
  }
  const processes = rows.map((r) => ({
    process: r.process,
    // A server not found or ended during the window has no figure: '-'.
    'CPU-s/s': r.cpu === null ? '-' : r.cpu.toFixed(3),
    'RSS MB': r.rss === null ? '-' : Math.round(r.rss / 1e6),
    // From a tenth of the window in (caches filled) to its end: flat is within ± 5 %.
    'RSS growth %': r.growth == null ? '-' : r.growth.toFixed(1),
    // From two thirds in (the feed and delivery windows, 1,000 a match, full in a long run) to its end.
    'last third %': r.lateGrowth == null ? '-' : r.lateGrowth.toFixed(1),
    // The lowest heap in use over a minute as the window settles → over its last minute: held data, not garbage.
    'heap floor MB': r.heap ? `${Math.round(r.heap.settled / 1e6)} → ${Math.round(r.heap.end / 1e6)}` : '-',
    'lag p99 ms': r.lags.length ? percentile(r.lags, 99) : '-',
    'lag max ms': r.lags.length ? maxOf(r.lags) : '-',
  }));
  const cpuOf = (prefix: string) => rows.filter((r) => r.process.startsWith(prefix)).reduce((n, r) => n + (r.cpu ?? 0), 0);
  const upstreamCpu = cpuOf('API') + cpuOf('engine worker');
  const postgresCpu = rows.find((r) => r.process === 'postgres')?.cpu;
  // Read from the stack's database last: the embedded console stops for it.
  const feedToChannel = await channels.figures(stack, from, until);
  // The distinct offers any console received (a match is watched from more than one client process).
  const offersSeen = new Set(reports.flatMap((r) => r.offers)).size;
  const summary = {
    mode: stack.mode,
    N: matchIds.length,
    window: `${SECONDS} s`,
    'all watching s': watching.seconds.toFixed(1),
    'window after all watching': window.after,
    'offers/s sent': (sent / SECONDS).toFixed(0),
    'ingest calls/s': (calls / SECONDS).toFixed(1),
    'offers/s reaching consoles': (offersSeen / SECONDS).toFixed(0),
    'deltas/s (all sockets)': (reports.reduce((n, r) => n + r.deltas, 0) / SECONDS).toFixed(0),
    'change→client p50/p99/max ms': latencies.length ? `${percentile(latencies, 50)} / ${percentile(latencies, 99)} / ${maxOf(latencies)}` : '-',
    'refused/failed watches': `${watching.refused} / ${watching.failed}`,
    resyncs: reports.reduce((n, r) => n + r.resyncs, 0),
    'ingest failures': ingestFailures,
    'upstream req/s mean/worst': `${mean(perSecond.map((s) => s.all)).toFixed(0)} / ${Math.max(0, ...perSecond.map((s) => s.all))}`,
    'relay req/s mean/worst': `${mean(perSecond.map((s) => s.relay)).toFixed(0)} / ${Math.max(0, ...perSecond.map((s) => s.relay)).toFixed(0)}`,
    // The upstream's CPU per offer sent: its Node processes (the API or embedded upstream, the engine workers), and Postgres beside.
    'upstream CPU ms/offer': sent ? ((upstreamCpu * SECONDS * 1000) / sent).toFixed(2) : '-',
    'Postgres CPU ms/offer': sent && postgresCpu != null ? ((postgresCpu * SECONDS * 1000) / sent).toFixed(2) : '-',
    ...feedToChannel.summary,
    load: `${loadAtStart} → ${loadAtEnd}`,
  };
  console.log(
    `\nsaturday ${stack.mode}, N = ${matchIds.length}, Node ${process.version}: window ${SECONDS} s after ${WARMUP_S} s warm-up; load ${loadAtStart} → ${loadAtEnd}`,
  );
  console.table([summary]);
  console.table(processes);
  printFigures(stack.mode, feedToChannel, channels.refused);
  if (ingestErrors.size) console.log(`ingest errors: ${[...ingestErrors].slice(0, 3).join(' | ')}`);
  return summary;
}

interface Connected {
  sockets: number;
  watching: number;
  refused: number;
  failed: number;
  errors: string[];
  settledAt: number;
}

/**
 * The client processes' answers to `connect` together: sockets watching, refused watches, failed
 * connections or watches, when the last socket settled (the consoles all watching, or counted
 * refused or failed) and how long after `started` that was, and the sockets no answer accounts for
 * (a client process that failed).
 */
function watchingOf(connected: Connected[], assigned: { matches: number[]; walls: unknown[] }[], started: number) {
  const sum = (key: 'watching' | 'refused' | 'failed') => connected.reduce((n, c) => n + Math.max(0, c[key]), 0);
  const settledAt = Math.max(...connected.map((c) => c.settledAt));
  return {
    watching: sum('watching'),
    refused: sum('refused'),
    failed: sum('failed'),
    errors: [...new Set(connected.flatMap((c) => c.errors))],
    settledAt,
    seconds: (settledAt - started) / 1000,
    unaccounted: connected.reduce((n, c, k) => n + (c.failed < 0 ? assigned[k]!.matches.length + assigned[k]!.walls.length : 0), 0),
  };
}

/**
 * Whether the window starting at `from` began after every console was watching: each socket
 * settled (watching, or its refusal or failure counted) before `from`. Answers the summary's cell
 * and the line that says so (or why not), with the sockets still open as it started.
 */
function windowStart(from: number, watching: ReturnType<typeof watchingOf>, sockets: number, open: number): { after: string; line: string } {
  const lead = ((from - watching.settledAt) / 1000).toFixed(1);
  const why = [
    from < watching.settledAt ? `the last console settled ${lead} s after it` : '',
    watching.unaccounted ? `${watching.unaccounted} consoles' client process failed (${watching.errors.slice(0, 1).join('')})` : '',
  ].filter(Boolean);
  const opened = `${open} of ${sockets} sockets open as it began`;
  if (why.length) return { after: `no: ${why.join('; ')}`, line: `the window began before every console was watching: ${why.join('; ')}; ${opened}` };
  return {
    after: `yes, +${lead} s`,
    line: `the window began ${lead} s after every console was watching (warm-up ${WARMUP_S} s); ${opened}`,
  };
}

/** One mode's run, from its servers to its figures; each thing it starts is registered with the cleanup as it starts, and stopped here once done. */
async function runMode(mode: string) {
  const probeDir = mkdtempSync(join(tmpdir(), 'odds-saturday-probe-'));
  const removeProbeDir = onCleanup(`the probe folder ${probeDir}`, () => rmSync(probeDir, { recursive: true, force: true }));
  const services = mode === 'broker' ? await benchServices(['postgres', 'redis', 'rabbitmq']) : { stop: async () => {} };
  if (!services) {
    console.log('saturday broker: skipped: no Postgres, Redis and RabbitMQ (and none could be started)');
    await removeProbeDir();
    return null;
  }
  const channels = await FeedToChannel.start();
  const stack = mode === 'broker' ? await brokerStack(N, probeDir, channels.stackBook) : await embeddedStack(N, probeDir, channels.stackBook);
  const summary = await run(stack, probeDir, channels);
  await stack.stop();
  await channels.fakes.stop();
  await services.stop();
  await removeProbeDir();
  return summary;
}

cleanUpOnInterrupt();
console.log(`saturday bench: Node ${process.version}, N = ${N}, modes ${MODES.join(', ')}, window ${SECONDS} s after ${WARMUP_S} s warm-up; load ${load()}`);
const results = [];
try {
  for (const mode of MODES) {
    const summary = await runMode(mode);
    if (summary) results.push(summary);
  }
  if (results.length > 1) console.table(results);
} catch (error) {
  if (!ending()) console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
process.exit();
