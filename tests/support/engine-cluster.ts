import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  port: number;
  output: string[];
  metrics(): Promise<Record<string, unknown>>;
  /** SIGTERM and wait for the exit (graceful shutdown). */
  stop(): Promise<number | null>;
}

/** Starts `npm run engine` (worker-main.ts) as a process of its own; resolves once it consumes. */
export async function startWorker(env: Record<string, string>): Promise<WorkerProcess> {
  // ENGINE_CPU_PROF_DIR: each worker writes a V8 CPU profile there when it exits (node --cpu-prof).
  const profile = process.env.ENGINE_CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.ENGINE_CPU_PROF_DIR] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'infra/upstream/src/broker/worker-main.ts'], {
    cwd: root,
    // The suites' webhook receivers listen on loopback, which a webhook may reach only when allowed.
    env: { ...process.env, LOG_LEVEL: 'warn', ENGINE_PORT: '0', WEBHOOK_ALLOW_HOSTS: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output.join('')}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const ready = /engine worker \d+ ready on port (\d+)/.exec(output.join(''));
      if (ready) {
        clearTimeout(timer);
        resolve(Number(ready[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}:\n${output.join('')}`));
    });
  });
  return {
    child,
    port,
    output,
    metrics: async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).json() as Promise<Record<string, unknown>>,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

/** Polls `check` until it returns true (or throws after `timeoutMs`, saying what it waited for). */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}
