/**
 * CPU shares for the scale bench: what each process of the run (publisher, RabbitMQ, Postgres,
 * workers) and the whole machine spent, from /proc (Linux), so a run capped by the cores says where
 * the time went. A server is found by the loopback port its URL names.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

const TICKS = 100;

/** CPU seconds (user + system) of a process, or 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

const parentOf = (pid: number): number => {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } catch {
    return -1;
  }
};

const pids = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** The process listening on this TCP port (IPv4 or IPv6), or null (not Linux, or not ours to see). */
export function listenerOf(port: number): number | null {
  try {
    const hex = port.toString(16).toUpperCase().padStart(4, '0');
    const inodes = new Set<string>();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
        const cols = line.trim().split(/\s+/);
        if (cols[1]?.endsWith(`:${hex}`) && cols[3] === '0A') inodes.add(cols[9]!);
      }
    }
    for (const pid of pids()) {
      let fds: string[];
      try {
        fds = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue;
      }
      for (const fd of fds) {
        try {
          const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
          if (link.startsWith('socket:[') && inodes.has(link.slice(8, -1))) return pid;
        } catch {
          // closed meanwhile
        }
      }
    }
  } catch {
    // no /proc
  }
  return null;
}

/** CPU seconds of a process and its direct children (Postgres: the postmaster and its backends). */
export function treeSeconds(pid: number | null): number {
  if (pid === null) return 0;
  return (
    cpuSeconds(pid) +
    pids()
      .filter((child) => parentOf(child) === pid)
      .reduce((sum, child) => sum + cpuSeconds(child), 0)
  );
}

/** Busy and total jiffies of the whole machine. */
function machine(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = values.map(Number);
  const idle = (n[3] ?? 0) + (n[4] ?? 0);
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

export interface CpuProbe {
  /** Shares of one core per named process over the interval, and the machine's (all cores), as text. */
  stop(): Record<string, string>;
}

/**
 * Starts measuring: `named` maps a label to a function giving that process's CPU seconds so far
 * (read at start and stop; a process gone by then counts from what was last read).
 */
export function probeCpu(named: Record<string, () => number>): CpuProbe {
  const started = performance.now();
  const at0 = Object.fromEntries(Object.entries(named).map(([k, f]) => [k, f()]));
  const m0 = machine();
  return {
    stop() {
      const seconds = (performance.now() - started) / 1000;
      const m1 = machine();
      const shares: Record<string, string> = {};
      for (const [k, f] of Object.entries(named)) shares[k] = `${Math.round(((f() - at0[k]!) / seconds) * 100)}%`;
      shares.machine = `${Math.round(((m1.busy - m0.busy) / Math.max(1, m1.total - m0.total)) * 100)}% of ${cpus().length} cores`;
      shares.load = loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
      return shares;
    },
  };
}
