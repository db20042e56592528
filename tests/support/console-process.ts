import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './processes';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ConsoleOptions {
  /** Folder of the upstream's PGlite data (`pglite` below it). */
  dataDir: string;
  feedSpeed: number;
  port?: number;
  upstreamPort?: number;
  /** More environment for the console (e.g. MANY_CLIENTS_ENV of admission.ts). */
  env?: Record<string, string>;
  /** Each chunk of the console's output as it comes. */
  onOutput?(text: string): void;
}

/**
 * The console as `npm start` runs it (the supervisor with upstream on PGlite on disk, relay, the
 * demo feed replaying) as a child process on free ports, with what its supervisor logs at hand.
 */
export class ConsoleProcess {
  readonly child: ChildProcess;
  readonly url: string;
  private log = '';

  private constructor(
    readonly port: number,
    readonly upstreamPort: number,
    options: ConsoleOptions,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.child = spawn(process.execPath, ['--import', 'tsx', 'infra/start.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        UPSTREAM_PORT: String(upstreamPort),
        PGLITE_DIR: join(options.dataDir, 'pglite'),
        DEMO_FEED_SPEED: String(options.feedSpeed),
        LOG_LEVEL: 'warn',
        UPSTREAM_URL: '',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      const text = chunk.toString();
      this.log += text;
      options.onOutput?.(text);
    };
    this.child.stdout!.on('data', collect);
    this.child.stderr!.on('data', collect);
  }

  static async start(options: ConsoleOptions): Promise<ConsoleProcess> {
    return new ConsoleProcess(options.port || (await freePort()), options.upstreamPort || (await freePort()), options);
  }

  get output(): string {
    return this.log;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The pid of the newest start of a supervised part ('upstream', 'relay'), from the supervisor's log. */
  pidOf(name: string): number {
    return Number([...this.log.matchAll(new RegExp(`\\[supervisor\\] ${name} started \\(pid (\\d+)\\)`, 'g'))].at(-1)?.[1]);
  }

  /** How often the supervisor has started a part. */
  starts(name: string): number {
    return [...this.log.matchAll(new RegExp(`\\[supervisor\\] ${name} started`, 'g'))].length;
  }

  /** Waits for the demo feed to replay into its live match; answers that match's id. */
  async liveMatch(timeoutMs: number): Promise<number> {
    await this.until(() => /into match (\d+)/.test(this.log), 'the console to start and its demo feed to replay', timeoutMs);
    return Number(/into match (\d+)/.exec(this.log)![1]);
  }

  async until(check: () => boolean, what: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline || !this.running) throw new Error(`gave up waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** SIGTERM, and the supervisor's exit (it stops both parts first). */
  async stop(): Promise<void> {
    if (!this.running) return;
    const ended = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await ended;
  }
}
