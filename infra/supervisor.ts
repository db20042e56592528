import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { backoffDelay } from '@odds/ops';

export interface SupervisedOptions {
  name: string;
  command: string;
  args: string[];
  spawnOptions: SpawnOptions;
  /** First restart delay; doubles on each crash in a row up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A run at least this long counts as stable: the next crash starts the backoff again. */
  stableMs?: number;
  log?: (line: string) => void;
  /** Asked when it ended on its own (with `exit code N` or the signal): false keeps it down. */
  onEnded?: (reason: string) => boolean;
}

/**
 * One child process kept running: when it ends on its own (a crash, or an exit code), it is
 * started again after a delay that doubles with each crash in a row (1 s, 2 s, 4 s … 30 s) and
 * resets after a stable run. Every end and restart is logged with its count and delay, so a
 * restart loop shows in the log. `stop()` ends it for good.
 */
export class Supervised {
  child: ChildProcess | null = null;
  restarts = 0;
  private crashesInRow = 0;
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;
  private startedAt = 0;
  private readonly log: (line: string) => void;

  constructor(private readonly options: SupervisedOptions) {
    this.log = options.log ?? ((line) => console.error(line));
  }

  start(): ChildProcess {
    const { command, args, spawnOptions, name } = this.options;
    this.startedAt = Date.now();
    const child = spawn(command, args, spawnOptions);
    this.child = child;
    this.log(`[supervisor] ${name} started (pid ${child.pid})`);
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (this.stopping) return;
      if (this.options.onEnded?.(signal ?? `exit code ${code}`) === false) return;
      const ranMs = Date.now() - this.startedAt;
      this.crashesInRow = ranMs >= (this.options.stableMs ?? 60_000) ? 1 : this.crashesInRow + 1;
      const delay = backoffDelay(this.crashesInRow, { baseMs: this.options.baseDelayMs ?? 1_000, maxMs: this.options.maxDelayMs ?? 30_000 });
      this.restarts += 1;
      this.log(
        `[supervisor] ${name} stopped (${signal ?? `exit code ${code}`}) after ${(ranMs / 1000).toFixed(1)} s; ` +
          `restart #${this.restarts} in ${(delay / 1000).toFixed(1)} s (${this.crashesInRow} crash${this.crashesInRow === 1 ? '' : 'es'} in a row)`,
      );
      this.timer = setTimeout(() => {
        this.timer = null;
        if (!this.stopping) this.start();
      }, delay);
    });
    return child;
  }

  /** Stops it for good: SIGTERM, then SIGKILL if it has not ended within `graceMs`. */
  async stop(graceMs = 12_000): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await ended;
    clearTimeout(kill);
  }
}
