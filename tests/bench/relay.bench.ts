/**
 * Relay live-path benchmark (`npm run bench`, or `npx tsx tests/bench/relay.bench.ts`): prints one
 * table, asserts nothing. Upstream and relays run in their own processes on loopback ports; this
 * process holds A's and B's socket.io clients and drives the feed through the engine's ingest route.
 *  A. upstream polls per match per second with 1, 100 and 1,000 viewers (change stream on, nothing changes: only safety polls);
 *  B. upstream change → client receipt p50/p99, with the change stream and with polling only, and where the time went;
 *  C. 2,000 clients in 20 rooms, 5 deltas/s per room: delivery p50/p99, the relay's share, relay RSS (the
 *     clients are lean socket.io consoles in their own processes: fanout-clients.ts);
 *  D. the relay's proxy against the upstream direct, with autocannon: req/s, p50 latency, CPU per request.
 * Latency is measured from an offer's created_at (the upstream's commit, same machine clock) to
 * the moment a client has its delta. RELAY_BENCH_BASELINE=<another checkout> runs B on its relay too.
 */
import { fork, spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { killOnExit, stopChild } from '../support/processes';
import { connectLive, FeedWriter, type LiveSocket } from '../support/live-client';
import { cpuMs, histogramPercentile, percentile, phaseAverages, phaseTotals, printTable } from './relay-figures';
import { type RelayProcess, startRelay, startUpstream, type UpstreamProcess } from './relay-processes';
import { proxyOverhead } from './relay-proxy';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CLIENTS = Number(process.env.RELAY_BENCH_CLIENTS ?? 2_000);
const ROOMS = 20;
/** Processes holding C's clients (RELAY_BENCH_CLIENT_PROCESSES). */
const CLIENT_PROCESSES = Number(process.env.RELAY_BENCH_CLIENT_PROCESSES ?? 2);
/** Each offer makes two deltas (its feed event, and the offer): 5 deltas/s per room. */
const OFFERS_PER_SECOND = 2.5;
const LOAD_SECONDS = 10;

/** 2,000 clients need more file descriptors than some shells allow: run again under a raised limit. */
function ensureFileLimit(): boolean {
  const soft = Number(spawnSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isFinite(soft) || soft >= 3 * CLIENTS || process.env.RELAY_BENCH_RAISED) return false;
  console.log(`relay bench: raising the open-file limit from ${soft}`);
  const run = spawnSync('bash', ['-c', `ulimit -n ${4 * CLIENTS} && exec "$0" --import tsx "$1"`, process.execPath, fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, RELAY_BENCH_RAISED: '1' },
  });
  process.exitCode = run.status ?? 1;
  return true;
}

/** Records, per client, how long each new offer took from the upstream's commit to this client. */
function measure(socket: LiveSocket, into: number[], from: () => number): void {
  socket.on('delta', (delta) => {
    if (delta.topic !== 'offers') return;
    const now = Date.now();
    for (const offer of delta.upserts) {
      const createdAt = Date.parse(offer.created_at);
      if (createdAt >= from()) into.push(now - createdAt);
    }
  });
}

async function connectMany(url: string, token: string, count: number): Promise<LiveSocket[]> {
  const sockets: LiveSocket[] = [];
  for (let i = 0; i < count; i += 200) sockets.push(...(await Promise.all(Array.from({ length: Math.min(200, count - i) }, () => connectLive(url, token)))));
  return sockets;
}

async function watchAll(sockets: LiveSocket[], matchOf: (i: number) => number): Promise<void> {
  const replies = await Promise.all(sockets.map((socket, i) => socket.timeout(30_000).emitWithAck('watch', { matchId: matchOf(i) })));
  const refused = replies.filter((reply) => !reply.ok);
  if (refused.length) throw new Error(`${refused.length} watches refused: ${JSON.stringify(refused[0])}`);
}

interface Bench {
  upstream: UpstreamProcess;
  withStream: RelayProcess;
  pollingOnly: RelayProcess;
  /** RELAY_BENCH_BASELINE=<another checkout>: its relay too, for B side by side (before/after a change). */
  baseline: RelayProcess | null;
  token: string;
  /** Matches with no feed yet, so every phase starts alike. */
  ids: number[];
  writers: Map<number, FeedWriter>;
  rows: [string, string, string][];
}

/** A. Upstream polls per match per interval, by number of viewers (no changes: every poll is a tick). */
async function pollsPerViewers(bench: Bench): Promise<LiveSocket[]> {
  const { upstream, withStream, token, ids, writers, rows } = bench;
  const viewers = [1, 100, 1_000];
  const polled = ids.slice(0, 3);
  await Promise.all(polled.map((id) => writers.get(id)!.offer()));
  const sockets = await connectMany(withStream.url, token, 1 + 100 + 1_000);
  const matchOf = (i: number) => polled[i < 1 ? 0 : i < 101 ? 1 : 2]!;
  await watchAll(sockets, matchOf);
  await sleep(2_000);
  const before = await upstream.hits();
  const windowStart = Date.now();
  // One safety period (30 s by default) plus a little: fewer would catch no safety poll, or one by luck.
  await sleep(32_000);
  const after = await upstream.hits();
  const intervals = (Date.now() - windowStart) / 1000;
  polled.forEach((id, i) => {
    const count = (path: string) => (after[path] ?? 0) - (before[path] ?? 0);
    const perTopic = [`/api/1/match/${id}/feed`, `/api/1/offers/${id}`, `/api/1/delivery/match/${id}`].map((path) => count(path) / intervals);
    const total = perTopic.reduce((a, b) => a + b, 0);
    rows.push([
      `A. upstream polls / s / quiet match, stream on, ${viewers[i]} viewer${i ? 's' : ''}`,
      `${total.toFixed(2)} (feed ${perTopic[0]!.toFixed(2)}, offers ${perTopic[1]!.toFixed(2)}, deliveries ${perTopic[2]!.toFixed(2)})`,
      '≤ 0.1, same for every count',
    ]);
  });
  await Promise.all(sockets.map((socket, i) => socket.timeout(30_000).emitWithAck('unwatch', { matchId: matchOf(i) })));
  return sockets;
}

/** B. Change → receipt, with the change stream and polling only (1 s). */
async function changeLatency(bench: Bench): Promise<void> {
  const { withStream, pollingOnly, token, ids, writers, rows } = bench;
  const baseline = bench.baseline ? [['with change stream, baseline relay', bench.baseline, ids[5 + ROOMS]!] as const] : [];
  for (const [label, relay, id] of [['with change stream', withStream, ids[3]!], ...baseline, ['polling only, 1 s', pollingOnly, ids[4]!]] as const) {
    const socket = await connectLive(relay.url, token);
    const phasesBefore = phaseTotals(await relay.metricsText());
    const latencies: number[] = [];
    const from = Date.now();
    measure(socket, latencies, () => from);
    await socket.timeout(10_000).emitWithAck('watch', { matchId: id });
    for (let i = 0; i < 40; i++) {
      await writers.get(id)!.offer();
      await sleep(100 + Math.random() * 200);
    }
    const deadline = Date.now() + 3_000;
    while (latencies.length < 40 && Date.now() < deadline) await sleep(50);
    rows.push([
      `B. change → client p50 / p99, ${label}`,
      `${percentile(latencies, 50)} / ${percentile(latencies, 99)} ms (${latencies.length} offers)`,
      label.startsWith('with') ? 'p99 ≤ 150 ms' : '(for comparison)',
    ]);
    if (relay !== pollingOnly)
      rows.push([
        "B. where a notice-driven delta's time went (relay averages)",
        phaseAverages(phasesBefore, phaseTotals(await relay.metricsText())),
        '(see relay_live_path_seconds)',
      ]);
    socket.close();
  }
}

interface ClientProcess {
  pid: number;
  send(message: object): void;
  next(type: string): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

/** A process of lean consoles (fanout-clients.ts), so no single event loop here holds all of C's clients. */
function forkClients(): ClientProcess {
  const child = fork(fileURLToPath(new URL('./fanout-clients.ts', import.meta.url)), [], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  killOnExit(child);
  return {
    pid: child.pid!,
    send: (message) => child.send(message),
    next: (type) =>
      new Promise((resolve, reject) => {
        const onMessage = (message: Record<string, unknown>) => {
          if (message.type === 'failed') reject(new Error(`bench C clients: ${String(message.error)}`));
          if (message.type !== type && message.type !== 'failed') return;
          child.off('message', onMessage);
          resolve(message);
        };
        child.on('message', onMessage);
      }),
    stop: () => stopChild(child, () => child.send({ type: 'stop' })),
  };
}

/**
 * C. 2,000 clients in 20 rooms, 5 deltas/s per room, through the change stream. The clients are
 * lean consoles spread over CLIENT_PROCESSES processes (a socket.io-client each costs this machine
 * as much CPU as the relay's whole fan-out, and one event loop holding 2,000 of them falls behind:
 * that was measured, not the relay).
 */
async function fanOut(bench: Bench): Promise<void> {
  const { withStream, token, ids, rows } = bench;
  const rooms = ids.slice(5, 5 + ROOMS);
  const processes = Array.from({ length: CLIENT_PROCESSES }, () => forkClients());
  const share = Math.ceil(CLIENTS / CLIENT_PROCESSES);
  await Promise.all(
    processes.map((clients, p) => {
      const connected = clients.next('connected');
      clients.send({ type: 'connect', url: withStream.url, token, rooms, count: Math.min(share, CLIENTS - p * share), first: p * share });
      return connected;
    }),
  );
  await sleep(1_000);
  const deltasBefore = await withStream.metric('relay_deltas_sent_total{');
  const errorsBefore =
    (await withStream.metric('relay_upstream_requests_total{topic="feed",status="error"}')) +
    (await withStream.metric('relay_upstream_requests_total{topic="offers",status="error"}'));
  const upstreamBefore = {
    sum: await withStream.metric('relay_upstream_request_duration_seconds_sum'),
    count: await withStream.metric('relay_upstream_request_duration_seconds_count'),
  };
  let rssPeak = 0;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, withStream.rss().now)), 250);
  const scrapeBefore = await withStream.metricsText();
  const cpuBefore = { clients: processes.map((clients) => cpuMs(clients.pid)), relay: cpuMs(withStream.pid), upstream: cpuMs(bench.upstream.pid) };
  let written = 0;
  const loadStart = Date.now();
  for (const clients of processes) clients.send({ type: 'measure', from: loadStart });
  // One writer per room, each at its own offset; a room that falls behind catches up without
  // piling requests onto the upstream.
  await Promise.all(
    rooms.map(async (id, r) => {
      const offset = (r * 1000) / OFFERS_PER_SECOND / ROOMS;
      for (let tick = 0; tick < LOAD_SECONDS * OFFERS_PER_SECOND; tick++) {
        await sleep(Math.max(0, loadStart + offset + (tick * 1000) / OFFERS_PER_SECOND - Date.now()));
        await bench.upstream.writeOffer(id);
        written++;
      }
    }),
  );
  const loadSeconds = (Date.now() - loadStart) / 1000;
  const expected = ROOMS * LOAD_SECONDS * OFFERS_PER_SECOND * (CLIENTS / ROOMS);
  const collect = async () => {
    const reports = await Promise.all(
      processes.map((clients) => {
        const report = clients.next('report');
        clients.send({ type: 'report' });
        return report as Promise<{ latencies: number[]; spreads: [string, number, number][] }>;
      }),
    );
    return { latencies: reports.flatMap((report) => report.latencies), spreads: reports.flatMap((report) => report.spreads) };
  };
  let received = await collect();
  const deadline = Date.now() + 5_000;
  while (received.latencies.length < expected && Date.now() < deadline) {
    await sleep(250);
    received = await collect();
  }
  clearInterval(sampler);
  // Share of one core each process used during the load (and its drain): 100 % is a process at its limit.
  const wallMs = Date.now() - loadStart;
  const share_ = (ms: number) => `${((100 * ms) / wallMs).toFixed(0)} %`;
  const clientsCpu = processes.map((clients, p) => share_(cpuMs(clients.pid) - cpuBefore.clients[p]!)).join(' + ');
  const cpuShare = `CPU of one core: clients ${clientsCpu} (${CLIENT_PROCESSES} processes), relay ${share_(cpuMs(withStream.pid) - cpuBefore.relay)}, upstream ${share_(cpuMs(bench.upstream.pid) - cpuBefore.upstream)}`;
  // The first scrape after the load (the relay's event-loop figures restart at each scrape).
  const scrape = await withStream.metricsText();
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(scrape)?.[1] ?? NaN);
  const relayLoop = { p99: gauge('nodejs_eventloop_delay_p99_seconds'), max: gauge('nodejs_eventloop_delay_max_seconds') };
  const errors =
    (await withStream.metric('relay_upstream_requests_total{topic="feed",status="error"}')) +
    (await withStream.metric('relay_upstream_requests_total{topic="offers",status="error"}')) -
    errorsBefore;
  // A delta's first and last receipt over every client process: the relay's fan-out, upstream aside.
  const byDelta = new Map<string, { first: number; last: number }>();
  for (const [key, first, last] of received.spreads) {
    const seen = byDelta.get(key);
    byDelta.set(key, seen ? { first: Math.min(seen.first, first), last: Math.max(seen.last, last) } : { first, last });
  }
  const spreads = [...byDelta.values()].map(({ first, last }) => last - first);
  const { latencies } = received;
  const deltas = (await withStream.metric('relay_deltas_sent_total{')) - deltasBefore;
  const upstreamMs =
    (1000 * ((await withStream.metric('relay_upstream_request_duration_seconds_sum')) - upstreamBefore.sum)) /
    ((await withStream.metric('relay_upstream_request_duration_seconds_count')) - upstreamBefore.count);
  rows.push([
    `C. ${CLIENTS} clients, ${ROOMS} rooms, ${(deltas / ROOMS / loadSeconds).toFixed(1)} deltas/s per room: delivery p50 / p99`,
    `${percentile(latencies, 50)} / ${percentile(latencies, 99)} ms (${latencies.length} of ${expected} offer receipts; upstream answered the relay's polls in ${upstreamMs.toFixed(0)} ms on average, ${errors} timed out; event-loop delay p99 of the relay ${(relayLoop.p99 * 1000).toFixed(0)} ms (max ${(relayLoop.max * 1000).toFixed(0)}))`,
    'p99 ≤ 200 ms',
  ]);
  const emitted = (p: number) => histogramPercentile(scrapeBefore, scrape, 'relay_push_latency_seconds', 'topic="offers"', p);
  rows.push([
    `C. upstream and relay side: ${(written / ROOMS / loadSeconds).toFixed(2)} offers/s written per room (of ${OFFERS_PER_SECOND}); offer → delta leaving the relay p50 / p99`,
    `${emitted(50)} / ${emitted(99)}; phases ${phaseAverages(phaseTotals(scrapeBefore), phaseTotals(scrape))}; ${cpuShare}`,
    "(the rest is the clients' side)",
  ]);
  rows.push([
    'C. fan-out: one delta from first to last client of its room, p50 / p99',
    `${percentile(spreads, 50)} / ${percentile(spreads, 99)} ms (${spreads.length} deltas)`,
    '(upstream aside)',
  ]);
  rows.push(['C. relay RSS during C (peak of the process)', `${rssPeak.toFixed(0)} MB (${withStream.rss().peak.toFixed(0)} MB)`, '≤ 400 MB']);
  await Promise.all(processes.map((clients) => clients.stop()));
}

async function main(): Promise<void> {
  const started = Date.now();
  const load = loadavg()[0]!.toFixed(1);
  console.log(`relay bench: starting the upstream (${process.env.TEST_DATABASE_URL ? 'Postgres' : 'PGlite'}, seeded) and two relays…`);
  const upstream = await startUpstream();
  const [withStream, pollingOnly] = await Promise.all([
    startRelay(upstream.url, { POLL_INTERVAL_MS: '1000', CHANGE_STREAM: 'on' }, 4 * CLIENTS),
    startRelay(upstream.url, { POLL_INTERVAL_MS: '1000', CHANGE_STREAM: 'off' }, 4 * CLIENTS),
  ]);
  const { token } = upstream;
  const auth = { headers: { authorization: `Token ${token}` } };
  const list = (await (await fetch(`${upstream.url}/api/1/1/1/matches?limit=100`, auth)).json()) as { results: { id: number }[] };
  const ids: number[] = [];
  for (const { id } of list.results) {
    const feed = (await (await fetch(`${upstream.url}/api/1/match/${id}/feed?limit=1`, auth)).json()) as { total: number };
    if (feed.total === 0) ids.push(id);
  }
  if (ids.length < 5 + ROOMS) throw new Error(`only ${ids.length} matches without a feed`);
  const baseline = process.env.RELAY_BENCH_BASELINE
    ? await startRelay(upstream.url, { POLL_INTERVAL_MS: '1000', CHANGE_STREAM: 'on' }, 4 * CLIENTS, process.env.RELAY_BENCH_BASELINE)
    : null;
  if (baseline && ids.length < 6 + ROOMS) throw new Error(`only ${ids.length} matches without a feed`);
  const bench: Bench = {
    upstream,
    withStream,
    pollingOnly,
    baseline,
    token,
    ids,
    writers: new Map(ids.map((id) => [id, new FeedWriter(upstream.url, token, id)])),
    rows: [],
  };
  // RELAY_BENCH_ONLY=C runs one phase (or several: AC) while working on it.
  const only = process.env.RELAY_BENCH_ONLY ?? 'ABCD';
  const sockets = only.includes('A') ? await pollsPerViewers(bench) : [];
  if (only.includes('B')) await changeLatency(bench);
  for (const socket of sockets) socket.close();
  if (only.includes('C')) await fanOut(bench);
  if (only.includes('D')) await proxyOverhead({ upstream, relay: pollingOnly, baseline, token, rows: bench.rows });
  await Promise.all([withStream.stop(), pollingOnly.stop(), baseline?.stop()]);
  await upstream.stop();
  printTable(
    bench.rows,
    `run took ${((Date.now() - started) / 1000).toFixed(0)} s on ${availableParallelism()} cores, load average ${load} at the start and ${loadavg()[0]!.toFixed(1)} at the end; upstream on ${upstream.database}`,
  );
}

if (!ensureFileLimit()) {
  try {
    await main();
    process.exit(0);
  } catch (error) {
    console.error('relay bench failed:', error);
    process.exit(1);
  }
}
