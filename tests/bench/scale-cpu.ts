/**
 * CPU shares for the scale and saturday benches: what each process of the run (publisher, RabbitMQ,
 * Postgres, workers) and the whole machine spent, from /proc (Linux), so a run capped by the cores
 * says where the time went. A server is found by the loopback port its URL names, and read as the
 * tree of processes below it (treeCpu). Also the processes below a bench, which it stops at its end.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

const TICKS = 100;

/** What /proc/<pid>/stat says of a process: its name, state, parent, when it started (clock ticks after boot), its own CPU seconds and those of the children it has reaped. */
export interface ProcStat {
  pid: number;
  name: string;
  /** R, S, D, … ; Z: ended, not reaped yet by its parent. */
  state: string;
  ppid: number;
  started: number;
  /** User + system seconds of the process itself (all its threads, ended ones too). */
  own: number;
  /** User + system seconds of the ended children it has waited for (cutime + cstime: theirs and their own reaped children's). */
  reaped: number;
}

/** A process's /proc/<pid>/stat, or null when it is gone (or not Linux). */
function statOf(pid: number): ProcStat | null {
  try {
    // The fields after the command name (in parentheses, which may hold spaces and parentheses):
    // state [0], ppid [1], utime [11], stime [12], cutime [13], cstime [14], starttime [19].
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ...rest] = text.slice(text.lastIndexOf(') ') + 2).split(' ');
    const fields = [0, ...rest.map(Number)];
    return {
      pid,
      name: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
      state: state!,
      ppid: fields[1]!,
      started: fields[19]!,
      own: (fields[11]! + fields[12]!) / TICKS,
      reaped: (fields[13]! + fields[14]!) / TICKS,
    };
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) of a process, or 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  return statOf(pid)?.own ?? 0;
}

const pids = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** Every process /proc shows now, by pid. */
function processTable(): Map<number, ProcStat> {
  const table = new Map<number, ProcStat>();
  for (const pid of pids()) {
    const stat = statOf(pid);
    if (stat) table.set(pid, stat);
  }
  return table;
}

/** The processes below `root` in `table`: its children, theirs, and so on. */
function below(root: number, table: Map<number, ProcStat>): ProcStat[] {
  const children = new Map<number, ProcStat[]>();
  for (const stat of table.values()) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const found: ProcStat[] = [];
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      visit(child.pid);
    }
  };
  visit(root);
  return found;
}

/** The processes below `pid` now (children, theirs, …): for a bench, what it has started and not stopped yet. */
export function descendantsOf(pid: number): ProcStat[] {
  return below(pid, processTable());
}

/** Whether the process `stat` describes still runs: not ended (a zombie has), its pid not taken since by another. */
export function stillRuns(stat: ProcStat): boolean {
  const now = statOf(stat.pid);
  return now?.started === stat.started && now.state !== 'Z';
}

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

/**
 * One read of the tree below `root`: its CPU seconds (each process's own and reaped time), and
 * what names its processes and their reaped time (two equal reads saw no process of it end or
 * start between them); null once `root` has ended.
 */
function readTree(root: ProcStat): { seconds: number; processes: string } | null {
  const table = processTable();
  const now = table.get(root.pid);
  if (now?.started !== root.started) return null;
  const tree = [now, ...below(root.pid, table)];
  return {
    seconds: tree.reduce((sum, p) => sum + p.own + p.reaped, 0),
    processes: tree.map((p) => `${p.pid}@${p.started}:${p.reaped}`).join(' '),
  };
}

/**
 * A reader of the CPU seconds so far of the process `pid` is now and everything below it
 * (Postgres: the postmaster, its backends, autovacuum and parallel workers): the own time of each
 * process of the tree and the time of the ended ones it has reaped (cutime + cstime), so a backend
 * that ends between two reads still counts, one that starts counts from its start, and the figure
 * never goes back. A read is taken again while a process ended or started during it (a child
 * reaped mid-read would count twice or not at all). Answers null once that process has ended (its
 * pid taken by another counts as ended), and for a null pid.
 */
export function treeCpu(pid: number | null): () => number | null {
  const root = pid === null ? null : statOf(pid);
  return () => {
    if (!root) return null;
    let read = readTree(root);
    for (let attempt = 0; read && attempt < 5; attempt += 1) {
      const again = readTree(root);
      if (again?.processes === read.processes) break;
      read = again;
    }
    return read?.seconds ?? null;
  };
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
 * Starts measuring: `named` maps a label to a function giving that process's CPU seconds so far,
 * or null once it has ended (read at start and stop; one that ended by then reads "ended", not a
 * share).
 */
export function probeCpu(named: Record<string, () => number | null>): CpuProbe {
  const started = performance.now();
  const at0 = Object.fromEntries(Object.entries(named).map(([k, f]) => [k, f()]));
  const m0 = machine();
  return {
    stop() {
      const seconds = (performance.now() - started) / 1000;
      const m1 = machine();
      const shares: Record<string, string> = {};
      for (const [k, f] of Object.entries(named)) {
        const [from, to] = [at0[k], f()];
        shares[k] = from == null || to === null ? 'ended' : `${Math.round(((to - from) / seconds) * 100)}%`;
      }
      shares.machine = `${Math.round(((m1.busy - m0.busy) / Math.max(1, m1.total - m0.total)) * 100)}% of ${cpus().length} cores`;
      shares.load = loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
      return shares;
    },
  };
}
