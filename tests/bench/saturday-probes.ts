/**
 * What the saturday bench reads back of the processes it ran: each Node process's probe file
 * (saturday-probe.mjs: its start, then a line a second of requests, event-loop lags, CPU, RSS and heap),
 * a Node process's CPU rate over the window, the servers' CPU seconds, and a process's RSS.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProbeLine {
  t: number;
  requests: number;
  lags: number[];
  cpu: number;
  rss: number;
  heap: number;
}

export interface Probed {
  pid: number;
  label: string;
  /** When its probe loaded (ms since the epoch) and its CPU seconds then. */
  head: { t: number; cpu: number };
  lines: ProbeLine[];
}

/** The probe files of a run: each Node process's label (from its command line), its probe's start and its per-second lines. */
export function readProbes(dir: string): Probed[] {
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
      return { pid: head.pid as number, kind, head: { t: head.t as number, cpu: head.cpu as number }, lines: rest as ProbeLine[] };
    })
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.pid - b.pid);
  const seen = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const p of named) counts.set(p.kind, (counts.get(p.kind) ?? 0) + 1);
  return named.map((p) => {
    const k = (seen.get(p.kind) ?? 0) + 1;
    seen.set(p.kind, k);
    return { pid: p.pid, label: counts.get(p.kind)! > 1 ? `${p.kind} ${k}` : p.kind, head: p.head, lines: p.lines };
  });
}

/**
 * A Node process's CPU-seconds per second in the window [from, until], from its probe's readings
 * (each its CPU seconds so far): from its last reading at or before `from` (from 0 at its start if
 * it started in the window) to its last at or before `until` (its exit line if it ended in the
 * window); over the time between the two for a process there all through, over the window for one
 * that started or ended in it. null for a process that ended before the window or started after it.
 */
export function cpuRateOf(p: Probed, from: number, until: number): number | null {
  const readings = [p.head, ...p.lines];
  const startedInside = p.head.t > from;
  const start = startedInside ? { t: p.head.t, cpu: 0 } : readings.filter((r) => r.t <= from).at(-1)!;
  const end = readings.filter((r) => r.t <= until).at(-1);
  if (!end || end.t <= start.t) return null;
  const throughout = !startedInside && readings.some((r) => r.t > until);
  return (end.cpu - start.cpu) / ((throughout ? end.t - start.t : until - from) / 1000);
}

/** Each server's CPU seconds so far (its process tree, treeCpu), and when they were read (performance.now(), ms). */
export function readServers(readers: Record<string, () => number | null>): { at: number; seconds: Record<string, number | null> } {
  return { at: performance.now(), seconds: Object.fromEntries(Object.entries(readers).map(([k, read]) => [k, read()])) };
}

/** A process's resident memory (bytes) now, from /proc; 0 when it is gone. */
export function rssOf(pid: number | null): number {
  if (!pid) return 0;
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
  } catch {
    return 0;
  }
}

/**
 * Resident memory growth over the window, in per cent: from the reading `share` of the window in
 * (a tenth: memory that settles as caches fill; two thirds: after the live windows filled) to the
 * last (flat is within ± 5 %). Null without a reading in the window.
 */
export function rssGrowthOf(lines: readonly { t: number; rss: number }[], from: number, until: number, share = 0.1): number | null {
  const inWindow = lines.filter((l) => l.t > from && l.t <= until);
  if (!inWindow.length) return null;
  const mark = from + (until - from) * share;
  const settled = inWindow.find((l) => l.t >= mark) ?? inWindow.at(-1)!;
  return ((inWindow.at(-1)!.rss - settled.rss) / settled.rss) * 100;
}

/**
 * A Node process's live heap as the window settles and as it ends: the lowest heap in use over a
 * minute from a tenth of the window in, and over its last minute (a floor, after the collections
 * of that minute: what is held, not garbage yet to be collected). RSS grows as V8 lets its heap
 * grow before it collects; this tells held data from that. Null without readings in both minutes.
 */
export function heapFloorsOf(p: Probed, from: number, until: number): { settled: number; end: number } | null {
  const span = Math.min(60_000, (until - from) / 10);
  const tenth = from + (until - from) / 10;
  const floor = (a: number, b: number) => {
    const heaps = p.lines.filter((l) => l.t > a && l.t <= b && typeof l.heap === 'number').map((l) => l.heap);
    return heaps.length ? heaps.reduce((m, h) => Math.min(m, h)) : null;
  };
  const [settled, end] = [floor(tenth, tenth + span), floor(until - span, until)];
  return settled === null || end === null ? null : { settled, end };
}
