import { fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MANY_CLIENTS_ENV } from '../support/admission';
import { freePort, killOnExit, stopChild } from '../support/processes';

/** The relay bench's processes: the bench upstream (relay-upstream.ts) and relays, each of its own. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface UpstreamProcess {
  pid: number;
  url: string;
  token: string;
  database: string;
  hits(): Promise<Record<string, number>>;
  /** Writes an offer straight into the match's offers and announces it (see relay-upstream.ts). */
  writeOffer(matchId: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startUpstream(): Promise<UpstreamProcess> {
  const child = fork(fileURLToPath(new URL('./relay-upstream.ts', import.meta.url)), [], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  killOnExit(child);
  const ready = await new Promise<{ url: string; token: string; database: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { url: string; token: string; database: string }));
    child.once('exit', (code) => reject(new Error(`the bench upstream exited (${code})`)));
  });
  const waiting = new Map<number, () => void>();
  let hitsWaiting: ((hits: Record<string, number>) => void) | null = null;
  child.on('message', (message: { type: string; id?: number; hits?: Record<string, number> }) => {
    if (message.type === 'written') waiting.get(message.id!)?.();
    if (message.type === 'hits') hitsWaiting?.(message.hits!);
  });
  let sequence = 0;
  return {
    ...ready,
    pid: child.pid!,
    hits: () =>
      new Promise((resolve) => {
        hitsWaiting = resolve;
        child.send({ type: 'hits' });
      }),
    writeOffer: (matchId) =>
      new Promise((resolve) => {
        const id = ++sequence;
        waiting.set(id, () => {
          waiting.delete(id);
          resolve();
        });
        child.send({ type: 'offer', matchId, id });
      }),
    stop: () => stopChild(child, () => child.send({ type: 'stop' })),
  };
}

export interface RelayProcess {
  pid: number;
  url: string;
  metricsText(): Promise<string>;
  /** Resident memory now and at its peak (VmHWM), in MB. */
  rss(): { now: number; peak: number };
  metric(name: string): Promise<number>;
  stop(): Promise<void>;
}

/** A relay process on a free port (`cwd`: another checkout's); `openFiles` is its descriptor limit, asked of the shell. */
export async function startRelay(upstreamUrl: string, env: Record<string, string>, openFiles: number, cwd = root): Promise<RelayProcess> {
  const port = await freePort();
  const child = spawn('bash', ['-c', `ulimit -n ${openFiles} 2>/dev/null; exec "$0" --import tsx relay/src/main.ts`, process.execPath], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    // An older checkout does not know the caps' variables (and would refuse them as misspelt).
    // The bench's own RELAY_BENCH_* variables are no relay settings (the relay refuses unknown RELAY_* ones).
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('RELAY_BENCH_'))),
      UPSTREAM_URL: upstreamUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      ...(cwd === root && MANY_CLIENTS_ENV),
      ...env,
    },
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
  const status = () => readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  const metricsText = async () => (await fetch(`${url}/metrics`)).text();
  return {
    pid: child.pid!,
    url,
    metricsText,
    rss: () => {
      const text = status();
      return { now: kb(text, 'VmRSS') / 1024, peak: kb(text, 'VmHWM') / 1024 };
    },
    metric: async (series) => {
      const text = await metricsText();
      return text
        .split('\n')
        .filter((line) => line.startsWith(series))
        .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
    },
    stop: () => stopChild(child, () => child.kill('SIGTERM')),
  };
}
