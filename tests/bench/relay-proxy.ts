/**
 * Phase D of the relay bench (relay.bench.ts), on processes it started: the relay's proxy against
 * the upstream direct and against the floor, with autocannon: req/s, p50 latency, CPU per request.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { killOnExit } from '../support/processes';
import { cpuMs } from './relay-figures';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process serving HTTP on loopback. */
interface Served {
  url: string;
  pid: number;
}

export interface ProxyBench {
  upstream: Served;
  /** The relay measured (the one without the change stream: no live work beside the proxy). */
  relay: Served;
  /** RELAY_BENCH_BASELINE's relay, measured alike when given. */
  baseline: Served | null;
  token: string;
  rows: [string, string, string][];
}

/**
 * D. The relay's proxy against the upstream direct, with autocannon, and against the floor: the
 * least a Node process does to forward a call (relay-floor.ts), so the relay's own work shows
 * apart from Node's HTTP on both sides of the hop. With RELAY_BENCH_BASELINE, that checkout's relay too.
 */
export async function proxyOverhead({ upstream, relay, baseline, token, rows }: ProxyBench): Promise<void> {
  const headers = { authorization: `Token ${token}` };
  const floor = killOnExit(
    fork(fileURLToPath(new URL('./relay-floor.ts', import.meta.url)), [], {
      cwd: root,
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, UPSTREAM_URL: upstream.url },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    }),
  );
  const floorUrl = `http://127.0.0.1:${(await new Promise<{ port: number }>((resolve) => floor.once('message', (message) => resolve(message as { port: number })))).port}`;
  // Let the previous phase drain first: its pollers stop after the grace period, and the upstream
  // works off what is queued.
  const settled = Date.now() + 20_000;
  await sleep(6_000);
  while (Date.now() < settled) {
    const t = performance.now();
    await fetch(`${upstream.url}/healthz`);
    if (performance.now() - t < 20) break;
    await sleep(500);
  }
  const cannon = (url: string, duration: number) => autocannon({ url, headers, connections: 10, duration });
  // Direct, through the relay and through the floor in turns (three each, after a warm-up of
  // each), so a slow second of the shared machine weighs on every side alike; medians are compared.
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const hops = { relay, floor: { url: floorUrl, pid: floor.pid! }, ...(baseline && { baseline }) };
  type Side = 'direct' | keyof typeof hops;
  const sides: Side[] = ['direct', ...(Object.keys(hops) as (keyof typeof hops)[])];
  // A typical console call (the Matches screen's list), and the session call, which the upstream
  // answers from its token cache, so the relay's own cost per request shows.
  for (const [label, path] of [
    ['GET matches list', '/api/1/1/1/matches?limit=20'],
    ['GET /api/1/session', '/api/1/session'],
  ] as const) {
    const target = (side: Side) => `${side === 'direct' ? upstream.url : hops[side]!.url}${path}`;
    for (const side of sides) await cannon(target(side), 1);
    const runs = new Map<Side, autocannon.Result[]>(sides.map((side) => [side, []]));
    // CPU per request of each process (µs): what the hop costs, however loaded the machine.
    const cpu = new Map<Side, { hop: number[]; upstream: number[] }>(sides.map((side) => [side, { hop: [], upstream: [] }]));
    for (let round = 0; round < 3; round++) {
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const pid = side === 'direct' ? null : hops[side]!.pid;
        const before = { hop: pid ? cpuMs(pid) : 0, upstream: cpuMs(upstream.pid) };
        const result = await cannon(target(side), 3);
        runs.get(side)!.push(result);
        cpu.get(side)!.hop.push(pid ? (1000 * (cpuMs(pid) - before.hop)) / result.requests.total : 0);
        cpu.get(side)!.upstream.push((1000 * (cpuMs(upstream.pid) - before.upstream)) / result.requests.total);
      }
    }
    const rate = (side: Side) => median(runs.get(side)!.map((r) => r.requests.average));
    const p50 = (side: Side) => median(runs.get(side)!.map((r) => r.latency.p50));
    const hopCpu = (side: Side) => median(cpu.get(side)!.hop).toFixed(0);
    const failures = (side: Side) => runs.get(side)!.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
    const failed = sides.some((side) => failures(side)) ? ` (failed: ${sides.map((side) => `${failures(side)} ${side}`).join(', ')})` : '';
    const share = (side: Side) => `${((rate(side) / rate('direct')) * 100).toFixed(0)} %`;
    rows.push([
      `D. ${label}: req/s relay vs direct (median of 3 × 3 s each)`,
      `${rate('relay').toFixed(0)} vs ${rate('direct').toFixed(0)} (${share('relay')}; the floor ${share('floor')}${baseline ? `, baseline ${share('baseline')}` : ''})${failed}`,
      '≥ 80 %',
    ]);
    const added = p50('relay') - p50('direct');
    rows.push([`D. ${label}: p50 relay vs direct`, `${p50('relay')} vs ${p50('direct')} ms (${added >= 0 ? '+' : ''}${added} ms)`, '≤ +1 ms']);
    rows.push([
      `D. ${label}: CPU per request through the relay, relay vs upstream`,
      `${hopCpu('relay')} vs ${median(cpu.get('relay')!.upstream).toFixed(0)} µs (the floor, a bare Node forwarder: ${hopCpu('floor')} µs${baseline ? `; baseline relay ${hopCpu('baseline')} µs` : ''})`,
      "(the hop's own cost)",
    ]);
  }
  const exited = new Promise((resolve) => floor.once('exit', resolve));
  floor.disconnect();
  await exited;
}
