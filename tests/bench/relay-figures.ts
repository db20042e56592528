/**
 * Figures the relay bench reads from its processes: the relay's live-path phases and push latency
 * (from its `/metrics`), and a process's CPU time (from /proc), so a phase can say where its time
 * went and how much CPU each process spent per request, whatever else loads the machine.
 */
import { readFileSync } from 'node:fs';

/** CPU time (user + system) a process has used so far, in ms. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export const percentile = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** The phases of relay_live_path_seconds, in the order a change travels. */
export const PHASES = ['publish', 'stream', 'wait', 'fetch', 'commit', 'emit'] as const;

/** One scrape's sums and counts of every phase, to subtract from a later one. */
export interface PhaseTotals {
  sum: Record<string, number>;
  count: Record<string, number>;
}

export function phaseTotals(metricsText: string): PhaseTotals {
  const totals: PhaseTotals = { sum: {}, count: {} };
  for (const line of metricsText.split('\n')) {
    const match = /^relay_live_path_seconds_(sum|count)\{phase="(\w+)"\} (\S+)$/.exec(line);
    if (match) totals[match[1] as 'sum' | 'count'][match[2]!] = Number(match[3]);
  }
  return totals;
}

/** Average ms per phase between two scrapes: `publish 3, stream 1, wait 0, fetch 40, commit 1, emit 2 ms`. */
export function phaseAverages(before: PhaseTotals, after: PhaseTotals): string {
  const phases = PHASES.map((phase) => {
    const count = (after.count[phase] ?? 0) - (before.count[phase] ?? 0);
    const sum = (after.sum[phase] ?? 0) - (before.sum[phase] ?? 0);
    return `${phase} ${count ? ((1000 * sum) / count).toFixed(1) : '–'}`;
  });
  return `${phases.join(', ')} ms`;
}

/**
 * p-th percentile of a Prometheus histogram between two scrapes, as the upper bound of the bucket
 * it falls in (`≤ 250 ms`): coarse, but it tells the relay's own share from the clients'.
 */
export function histogramPercentile(before: string, after: string, series: string, labels: string, p: number): string {
  const buckets = (text: string) => {
    const found = new Map<string, number>();
    const pattern = new RegExp(`^${series}_bucket\\{le="([^"]+)",${labels}\\} (\\S+)$`);
    for (const line of text.split('\n')) {
      const match = pattern.exec(line);
      if (match) found.set(match[1]!, Number(match[2]));
    }
    return found;
  };
  const [start, end] = [buckets(before), buckets(after)];
  const rows = [...end.entries()].map(([le, count]) => ({ le, count: count - (start.get(le) ?? 0) }));
  const total = rows.find((row) => row.le === '+Inf')?.count ?? 0;
  if (!total) return '–';
  const bucket = rows.find((row) => row.count >= (p / 100) * total)!;
  return bucket.le === '+Inf' ? `> ${rows.at(-2)!.le} s` : `≤ ${Math.round(Number(bucket.le) * 1000)} ms`;
}

/** The bench's table: what, measured, target. */
export function printTable(rows: [string, string, string][], footer: string): void {
  const head: [string, string, string] = ['relay live path', 'measured', 'target'];
  const widths = [0, 1, 2].map((c) => Math.max(...[head, ...rows].map((row) => row[c]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  console.log(`\n${line(head)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${rows.map(line).join('\n')}\n(${footer})\n`);
}

/** The largest of many values (a spread `Math.max(...values)` overflows the stack past about 100,000). */
export const maxOf = (values: number[]): number => values.reduce((m, v) => Math.max(m, v), Number.NEGATIVE_INFINITY);
