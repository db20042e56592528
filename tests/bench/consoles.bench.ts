/**
 * Many consoles on one relay (`npm run bench -- consoles`): prints one table, asserts nothing.
 * Upstream (consoles-upstream.ts: the 2022 final made a long match) and relay run in their own
 * processes on loopback ports; this process holds the consoles as bare engine.io/socket.io
 * WebSockets (raw-console.ts), so thousands of them cost little here.
 *
 *  1. One console opens the long match: its first snapshots' bytes on the wire (big ones packed:
 *     deflated once by the relay) and as messages, beside what the unbounded snapshots of before
 *     were (every record the relay holds, measured as JSON and deflated as the relay packs).
 *  2. CONSOLES (200) consoles open it at once: relay peak RSS (VmHWM) and its JS heap and external
 *     memory peaks, time until all hold it, and whether every console's state equals REST (newest
 *     ids per topic, outline, tables).
 *  3. The relay restarts and the same consoles reconnect at once and resync from their seqs: the
 *     new relay's peaks, time, and the same check.
 *  4. IDLE_SOCKETS (10,000) idle sockets on a fresh relay: RSS, JS heap (in use and committed)
 *     and external memory per socket, 5 s after they connected and again after a ping round
 *     (IDLE_HOLD_MS, 30 s). IDLE_DEFLATE=off: sockets that do not offer per-message deflate (the
 *     relay declines it anyway; an older relay's checkout as IDLE_BASELINE may take it).
 *
 * `CONSOLES=0` runs phase 4 alone. `CONSOLES_RELAY_ROOT=/path/to/an/older/checkout` runs the relay of
 * another checkout (a before/after); `IDLE_BASELINE=/path/to/it` runs phase 4 on that checkout's relay
 * first, then on this one's, side by side.
 */
import { spawn, spawnSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MANY_CLIENTS_ENV } from '../support/admission';
import { freePort, killOnExit, stopChild } from '../support/processes';
import { deflateRawSync } from 'node:zlib';
import { LIVE_TOPICS, MATCH_TABLE_TOPICS, SNAPSHOT_LIMITS, buildPath, routes, type LiveTopic } from '@odds/protocol';
import { outlineOf } from '@odds/relay/testing';
import { RawConsole } from './raw-console';

const root = fileURLToPath(new URL('../..', import.meta.url));
const relayRoot = process.env.CONSOLES_RELAY_ROOT ?? root;
const CONSOLES = Number(process.env.CONSOLES ?? 200);
const IDLE_SOCKETS = Number(process.env.IDLE_SOCKETS ?? 10_000);
/** IDLE_DEFLATE=off: the idle sockets negotiate no per-message deflate (what zlib costs, by difference). */
const IDLE_DEFLATE = process.env.IDLE_DEFLATE !== 'off';
/** IDLE_BASELINE=/path/to/an/older/checkout: the idle sockets on that checkout's relay first, side by side. */
const IDLE_BASELINE = process.env.IDLE_BASELINE;
/** How long the idle sockets are held before the second reading (a ping round: 30 s). */
const IDLE_HOLD_MS = Number(process.env.IDLE_HOLD_MS ?? 30_000);
const FILES = IDLE_SOCKETS + 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const rows: [string, string][] = [];
const row = (name: string, value: string) => {
  rows.push([name, value]);
  console.log(`  ${name}: ${value}`);
};

// Ten thousand sockets need more open files than a shell gives: run again under a raised limit.
const soft = Number(spawnSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
if (soft < FILES && !process.env.CONSOLES_BENCH_RAISED) {
  const run = spawnSync('bash', ['-c', `ulimit -n ${FILES} && exec "$0" --import tsx "$1"`, process.execPath, fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, CONSOLES_BENCH_RAISED: '1' },
  });
  process.exit(run.status ?? 1);
}

interface RelayProcess {
  url: string;
  /** Resident memory now and at its peak (VmHWM), in bytes. */
  rss(): { now: number; peak: number };
  /** CPU seconds the relay has used (user + system). */
  cpu(): number;
  /** Samples the relay's JS heap in use and its external memory until the returned stop: their peaks, in MB. */
  sample(): () => string;
  metric(name: string): Promise<number>;
  stop(): Promise<void>;
}

async function startRelay(upstreamUrl: string, port: number, checkout = relayRoot): Promise<RelayProcess> {
  const child = spawn('bash', ['-c', `ulimit -n ${FILES} 2>/dev/null; exec "$0" --import tsx relay/src/main.ts`, process.execPath], {
    cwd: checkout,
    stdio: ['ignore', 'ignore', 'inherit'],
    // An older checkout does not know the caps' variables (and would refuse them as misspelt).
    env: { ...process.env, UPSTREAM_URL: upstreamUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', ...(checkout === root && MANY_CLIENTS_ENV) },
  });
  killOnExit(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    // Two minutes: on a loaded machine tsx alone can take longer than a relay's start.
    if (i > 1_200 || child.exitCode !== null) throw new Error('the bench relay did not start');
    await sleep(100);
  }
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;
  return {
    url,
    rss: () => ({ now: field('VmRSS'), peak: field('VmHWM') }),
    // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second).
    cpu: () =>
      readFileSync(`/proc/${child.pid}/stat`, 'utf8')
        .split(') ')[1]!
        .split(' ')
        .slice(11, 13)
        .reduce((sum, ticks) => sum + Number(ticks), 0) / 100,
    sample: () => {
      const peak = { heap: 0, external: 0 };
      let on = true;
      void (async () => {
        while (on) {
          const text = await fetch(`${url}/metrics`).then(
            (r) => r.text(),
            () => '',
          );
          for (const [key, series] of [
            ['heap', 'nodejs_heap_used_bytes'],
            ['external', 'nodejs_external_memory_bytes'],
          ] as const) {
            const value = Number(new RegExp(`^${series} (\\S+)`, 'm').exec(text)?.[1] ?? 0);
            peak[key] = Math.max(peak[key], value);
          }
          await sleep(100);
        }
      })();
      return () => {
        on = false;
        return `JS heap peak ${(peak.heap / 2 ** 20).toFixed(0)} MB, external ${(peak.external / 2 ** 20).toFixed(0)} MB`;
      };
    },
    metric: async (series) => {
      const text = await (await fetch(`${url}/metrics`)).text();
      return text
        .split('\n')
        .filter((line) => line.startsWith(`${series} `) || line.startsWith(`${series}{`))
        .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
    },
    stop: () => stopChild(child, () => child.kill('SIGTERM')),
  };
}

async function until(check: () => boolean, what: string, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Connects consoles in batches (handshakes are not what is measured); `retry` waits for a restarting relay. */
async function connectAll(consoles: RawConsole[], batch: number, retry = false): Promise<void> {
  for (let i = 0; i < consoles.length; i += batch) {
    await Promise.all(
      consoles.slice(i, i + batch).map(async (console_) => {
        for (let attempt = 0; ; attempt++) {
          try {
            return await console_.connect();
          } catch (error) {
            if (!retry || attempt > 100) throw error;
            await sleep(200);
          }
        }
      }),
    );
  }
}

// --- the upstream and what REST says of the long match ---
const upstreamChild = fork(fileURLToPath(new URL('./consoles-upstream.ts', import.meta.url)), [], {
  cwd: root,
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
killOnExit(upstreamChild);
const {
  url: upstreamUrl,
  token,
  matchId,
} = await new Promise<{ url: string; token: string; matchId: number }>((resolve, reject) => {
  upstreamChild.once('message', (message) => resolve(message as { url: string; token: string; matchId: number }));
  upstreamChild.once('exit', (code) => reject(new Error(`the bench upstream exited (${code})`)));
});
const get = async <T>(path: string): Promise<T> =>
  (await fetch(`${upstreamUrl}${path}`, { headers: { authorization: `Token ${token}` } })).json() as Promise<T>;
type Row = { id: number } & Record<string, unknown>;
const allOffers = (await get<{ results: Row[] }>(buildPath(routes.matchOffers, { matchId }))).results;
const feedWindow = (await get<{ results: Row[] }>(`${buildPath(routes.matchFeed, { matchId })}?limit=1000`)).results;
const deliveryWindow = await get<{ deliveries: Row[]; total: number }>(`${buildPath(routes.matchDeliveries, { matchId })}?limit=1000`);
const tables = Object.fromEntries(
  await Promise.all(
    Object.entries(MATCH_TABLE_TOPICS).map(
      async ([topic, route]) => [topic, (await get<{ results: Row[] }>(buildPath(routes[route], { matchId }))).results.map((r) => r.id)] as const,
    ),
  ),
);
const newest = (records: Row[], limit = Infinity) =>
  records
    .map((r) => r.id)
    .sort((a, b) => b - a)
    .slice(0, limit);
/** What every console must hold after its snapshots: REST's newest ids per topic. */
const expected: Record<LiveTopic, number[]> = {
  feed: newest(feedWindow, SNAPSHOT_LIMITS.feed),
  offers: newest(allOffers, SNAPSHOT_LIMITS.offers),
  deliveries: newest(deliveryWindow.deliveries, SNAPSHOT_LIMITS.deliveries),
  ...tables,
} as Record<LiveTopic, number[]>;
const offersCut = expected.offers.at(-1)!;
const expectedOutline = outlineOf(allOffers.filter((offer) => offer.id < offersCut) as never)
  .map((point) => point.id)
  .join(',');

/** REST's ids of each topic (the relay's windows), to check that nothing a console holds is unknown to it. */
const known: Record<LiveTopic, Set<number>> = {
  feed: new Set(feedWindow.map((r) => r.id)),
  offers: new Set(allOffers.map((r) => r.id)),
  deliveries: new Set(deliveryWindow.deliveries.map((r) => r.id)),
  ...Object.fromEntries(Object.entries(tables).map(([topic, ids]) => [topic, new Set(ids)])),
} as Record<LiveTopic, Set<number>>;

/**
 * What differs between each console's state and REST: per topic its newest ids must be REST's
 * newest (as many as a first snapshot carries, every one for the tables), everything it holds must
 * exist upstream, and its offers outline must be that of REST's older offers. Consoles with a difference.
 */
function wrong(consoles: RawConsole[]): { consoles: number; first: string } {
  const bad = new Map<number, string>();
  for (const [i, console_] of consoles.entries()) {
    for (const topic of LIVE_TOPICS) {
      const held = [...(console_.topics.get(topic)?.ids ?? [])].sort((a, b) => b - a);
      const want = [...expected[topic]].sort((a, b) => b - a);
      if (held.slice(0, want.length).join(',') !== want.join(',') || held.some((id) => !known[topic].has(id))) {
        bad.set(i, `console ${i} ${topic}: holds ${held.length} (newest ${held[0]}), REST ${want.length} (newest ${want[0]})`);
      }
    }
    const outline = console_.topics
      .get('offers')
      ?.outline.map((point) => point.id)
      .join(',');
    if (outline !== expectedOutline) bad.set(i, `console ${i}: the offers outline differs from REST's older offers`);
  }
  return { consoles: bad.size, first: bad.values().next().value ?? '' };
}

console.log(
  `\nConsoles on one relay (loopback; upstream, relay and consoles in three processes; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}):`,
);
console.log(
  `  the long match ${matchId}: ${allOffers.length} offers, feed window ${feedWindow.length}, deliveries ${deliveryWindow.total} (window ${deliveryWindow.deliveries.length})`,
);

let port = 0;
let relay: RelayProcess;
// CONSOLES=0 runs the idle-socket phase alone.
if (CONSOLES > 0) {
  // 1. What one console's first snapshots weigh, before (unbounded) and now.
  {
    const wholeFeed = JSON.stringify(feedWindow);
    const unbounded = [JSON.stringify(allOffers), wholeFeed, JSON.stringify(deliveryWindow.deliveries)].map((text) => Buffer.from(text));
    const deflate = (buffer: Buffer) => deflateRawSync(buffer).length;
    const raw = unbounded.reduce((sum, b) => sum + b.length, 0);
    row(
      'before: unbounded first snapshots of feed, offers, deliveries (JSON, deflated as the relay does)',
      `${kb(raw)} raw, ${kb(unbounded.reduce((sum, b) => sum + deflate(b), 0))} deflated`,
    );
  }

  port = await freePort();
  relay = await startRelay(upstreamUrl, port);
  const consoles = Array.from({ length: CONSOLES }, () => new RawConsole(relay.url, token));
  try {
    // Prime the match's live state with one watcher, so every console gets the same snapshots.
    const first = new RawConsole(relay.url, token);
    await first.connect();
    await first.watch(matchId);
    await until(() => first.complete, 'the first console');
    await sleep(1_000);
    const probe = new RawConsole(relay.url, token);
    await probe.connect();
    const wireBefore = probe.wire;
    const messagesBefore = probe.messageBytes;
    await probe.watch(matchId);
    await until(() => probe.complete, 'the probing console');
    await sleep(500);
    row(
      'after: one console opens the long match, first snapshots of every topic',
      `${kb(probe.wire - wireBefore)} on the wire, ${kb(probe.messageBytes - messagesBefore)} as messages (${[...probe.snapshotBytes].map(([topic, bytes]) => `${topic} ${kb(bytes)}`).join(', ')})`,
    );
    first.close();
    probe.close();

    // 2. CONSOLES consoles open it at once.
    await connectAll(consoles, 50);
    const started = performance.now();
    const sampled = relay.sample();
    const acks = await Promise.all(consoles.map((console_) => console_.watch(matchId)));
    const refused = acks.filter((ack) => !ack.ok);
    if (refused.length) throw new Error(`${refused.length} watches refused: ${JSON.stringify(refused[0])}`);
    await until(() => consoles.every((console_) => console_.complete), 'every console to hold every topic');
    await until(() => wrong(consoles).consoles === 0, 'every console to equal REST', 60_000).catch(() => undefined);
    const seconds = (performance.now() - started) / 1000;
    let problems = wrong(consoles);
    row(
      `${CONSOLES} consoles open the long match at once: all hold it in, relay peak RSS, consoles equal to REST`,
      `${seconds.toFixed(1)} s, ${(relay.rss().peak / 2 ** 20).toFixed(0)} MB (target < 400 MB; ${sampled()}), ${CONSOLES - problems.consoles}/${CONSOLES}${problems.consoles ? ` (${problems.first})` : ''}`,
    );

    // 3. The relay restarts; every console reconnects at once and resyncs from its seqs.
    await relay.stop();
    relay = await startRelay(upstreamUrl, port);
    const restarted = performance.now();
    const resampled = relay.sample();
    await connectAll(consoles, CONSOLES, true);
    const resyncs = await Promise.all(consoles.map((console_) => console_.resume()));
    const failed = resyncs.flat().filter((ack) => !ack.ok);
    if (failed.length) throw new Error(`${failed.length} resyncs refused: ${JSON.stringify(failed[0])}`);
    await until(() => consoles.every((console_) => console_.complete), 'every console to resync');
    await until(() => wrong(consoles).consoles === 0, 'every console to equal REST', 60_000).catch(() => undefined);
    const resyncSeconds = (performance.now() - restarted) / 1000;
    problems = wrong(consoles);
    row(
      `relay restart, ${CONSOLES} consoles reconnect and resync at once: all back in, new relay peak RSS, consoles equal to REST`,
      `${resyncSeconds.toFixed(1)} s, ${(relay.rss().peak / 2 ** 20).toFixed(0)} MB (target < 400 MB; ${resampled()}), ${CONSOLES - problems.consoles}/${CONSOLES}${problems.consoles ? ` (${problems.first})` : ''}`,
    );
  } catch (error) {
    row('consoles', `failed (relay peak RSS ${(relay.rss().peak / 2 ** 20).toFixed(0)} MB): ${(error as Error).message}`);
  } finally {
    for (const console_ of consoles) console_.close();
    await relay.stop();
  }
}

// 4. Idle sockets on a fresh relay: what each one costs it (and, with IDLE_BASELINE, another checkout's relay).
async function idleSockets(checkout: string, label: string): Promise<void> {
  const idleRelay = await startRelay(upstreamUrl, await freePort(), checkout);
  const idle = Array.from({ length: IDLE_SOCKETS + 50 }, () => new RawConsole(idleRelay.url, token, IDLE_DEFLATE));
  try {
    // A few sockets first, so what is measured is per socket, not the first socket's warm-up.
    const warm = idle.splice(0, 50);
    await connectAll(warm, 50);
    idle.push(...warm);
    await sleep(2_000);
    // Where a relay's memory is: resident, V8 heap in use and committed, and memory outside the heap
    // that V8 knows of (Buffers, zlib and other native objects that report it).
    const usage = async () => ({
      rss: idleRelay.rss().now,
      heap: await idleRelay.metric('nodejs_heap_used_bytes'),
      heapTotal: await idleRelay.metric('nodejs_heap_size_total_bytes'),
      external: await idleRelay.metric('nodejs_external_memory_bytes'),
    });
    const before = await usage();
    const count = IDLE_SOCKETS;
    const started = performance.now();
    await connectAll(idle.slice(warm.length), 500);
    const seconds = (performance.now() - started) / 1000;
    const report = async (when: string) => {
      const after = await usage();
      const each = (field: keyof typeof before) => `${((after[field] - before[field]) / count / 1024).toFixed(1)} KB`;
      row(
        `${label}: ${count} idle sockets${IDLE_DEFLATE ? '' : ' without per-message deflate'} (connected in ${seconds.toFixed(0)} s, ${idle.filter((socket) => socket.open).length} open), ${when}: RSS and JS heap per socket`,
        `${each('rss')} and ${each('heap')} (target ≤ 40 KB; heap committed ${each('heapTotal')}, external ${each('external')}; relay RSS ${(after.rss / 2 ** 20).toFixed(0)} MB, peak ${(idleRelay.rss().peak / 2 ** 20).toFixed(0)} MB)`,
      );
    };
    await sleep(5_000);
    await report('5 s later');
    // Each socket has answered a ping (every 25 s) since: a browser deflates its pong too.
    const cpu = idleRelay.cpu();
    await sleep(IDLE_HOLD_MS);
    row(
      `${label}: relay CPU while ${count} sockets idle (pings and pongs) for ${IDLE_HOLD_MS / 1000} s`,
      `${(((idleRelay.cpu() - cpu) / (IDLE_HOLD_MS / 1000)) * 100).toFixed(1)} % of a core`,
    );
    await report(`${IDLE_HOLD_MS / 1000} s later`);
  } catch (error) {
    row(`${label}: idle sockets`, `failed: ${(error as Error).message}`);
  } finally {
    for (const socket of idle) socket.close();
    await idleRelay.stop();
  }
}

if (IDLE_SOCKETS) {
  if (IDLE_BASELINE) await idleSockets(IDLE_BASELINE, `before (${IDLE_BASELINE})`);
  await idleSockets(relayRoot, IDLE_BASELINE ? 'after (this checkout)' : 'one relay');
}
await stopChild(upstreamChild, () => upstreamChild.send({ type: 'stop' }));
process.exit(0);
