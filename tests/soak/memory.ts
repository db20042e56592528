import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of one process in bytes (VmRSS), or null when it is gone. */
export function rssOf(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** Proportional set size (shared pages split between their users), bytes; falls back to RSS. */
function pssOf(pid: number): number | null {
  try {
    const kb = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : rssOf(pid);
  } catch {
    return rssOf(pid);
  }
}

/** Every descendant of `root` (children, their children …) as /proc lists them now. */
export function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    for (const [child, parent] of parentOf)
      if (parent === pid) {
        found.push(child);
        queue.push(child);
      }
  }
  return found;
}

const commOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};

/** Memory of the Chromium processes under `root` (the browser and its renderers, GPU, utility processes), as PSS. */
export function browserMemory(root: number): { bytes: number; processes: number } {
  const pids = descendants(root).filter((pid) => /chrom/i.test(commOf(pid)));
  return { bytes: pids.reduce((sum, pid) => sum + (pssOf(pid) ?? 0), 0), processes: pids.length };
}

/** Least-squares slope of (minutes, bytes) samples in MB per minute. */
export function slopeMbPerMin(samples: { minutes: number; bytes: number }[]): number {
  const n = samples.length;
  if (n < 2) return NaN;
  const mx = samples.reduce((s, p) => s + p.minutes, 0) / n;
  const my = samples.reduce((s, p) => s + p.bytes, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of samples) {
    num += (p.minutes - mx) * (p.bytes - my);
    den += (p.minutes - mx) ** 2;
  }
  return den === 0 ? NaN : num / den / (1024 * 1024);
}
