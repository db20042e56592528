import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Supervised } from './supervisor';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface LaunchOptions {
  /** Extra environment for this child, over the launcher's own (each child checks its own). */
  env?: NodeJS.ProcessEnv;
  /** What happens when it ends on its own: started again with backoff, or the whole launch stops. */
  onExit?: 'restart' | 'stop-all';
}

/**
 * Starts the console's processes from this checkout (`npm start`, `npm run cluster`): builds the
 * client when it is not built, runs each entry under tsx, waits for health checks, and stops them
 * all on SIGINT/SIGTERM, in the reverse order they started (what talks to the API before the API).
 */
export class Launcher {
  private readonly children: Supervised[] = [];
  private stopping = false;

  constructor(private readonly env: NodeJS.ProcessEnv) {
    process.once('SIGINT', () => void this.stop(0));
    process.once('SIGTERM', () => void this.stop(0));
  }

  buildClientIfMissing(): void {
    if (existsSync(`${root}/client/dist/index.html`)) return;
    console.log('Building the client (first start only)…');
    const build = spawnSync('npm', ['run', 'build', '-w', 'client'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  run(name: string, args: string[], { env = {}, onExit = 'restart' }: LaunchOptions = {}): void {
    const supervised = new Supervised({
      name,
      command: process.execPath,
      args: ['--import', 'tsx', ...args],
      spawnOptions: { cwd: root, env: { ...this.env, ...env }, stdio: 'inherit' },
      ...(onExit === 'stop-all' && {
        onEnded: (reason: string) => {
          console.error(`\n${name} stopped (${reason}); stopping the rest.`);
          void this.stop(1);
          return false;
        },
      }),
    });
    supervised.start();
    this.children.push(supervised);
  }

  /** Waits until `url` answers 2xx; stops everything if it does not within `timeoutMs`. */
  async waitFor(url: string, what: string, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
      } catch {
        // not listening yet
      }
      if (this.stopping) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`);
    await this.stop(1);
  }

  async stop(code: number): Promise<never> {
    if (!this.stopping) {
      this.stopping = true;
      for (const child of [...this.children].reverse()) await child.stop();
    }
    process.exit(code);
  }
}
