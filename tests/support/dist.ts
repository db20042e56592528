import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { killOnExit, stopChild } from './processes';

/** The built servers (`npm run build`; `npm test` builds before it runs the suites). */
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
export type DistEntry = 'relay' | 'api' | 'worker' | 'migrate' | 'operator';

export function distBuilt(): boolean {
  return ['relay', 'api', 'worker', 'migrate', 'operator'].every((name) => existsSync(`${DIST}${name}.js`));
}

/** A deployment's environment: nothing of the test runner's, only what is given (and PATH). */
function environment(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, LOG_FORMAT: 'json', LOG_LEVEL: 'warn', ...env };
}

export interface DistProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Starts `node dist/<name>.js` as a deployment would: plain node, NODE_ENV as given. */
export function startDist(name: DistEntry, env: Record<string, string>, args: string[] = []): DistProcess {
  const child = killOnExit(spawn(process.execPath, [`${DIST}${name}.js`, ...args], { env: environment(env), stdio: ['ignore', 'pipe', 'pipe'] }));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited, stop: () => stopChild(child, () => child.kill('SIGTERM')) };
}

/** Runs a one-shot (migrate, operator) to its end. */
export async function runDist(name: DistEntry, env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; output: string }> {
  const run = startDist(name, env, args);
  const code = await run.exited;
  return { code, output: run.output() };
}

/** Waits until `url` answers `status` (200 by default), or the process ends (then throws with its output). */
export async function waitForStatus(url: string, process_: DistProcess, status = 200, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process_.child.exitCode !== null) throw new Error(`process ended (${process_.child.exitCode}) before ${url} answered: ${process_.output()}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).status === status) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs / 1000} s: ${process_.output()}`);
}
