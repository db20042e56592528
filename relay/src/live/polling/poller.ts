import type { UpstreamState } from '@odds/protocol';
import { backoffDelay } from '@odds/ops';

/**
 * Whether the upstream's change stream is connected and healthy (shared by every poller of an
 * instance): while it is, topics are polled when a notice names them, plus a safety poll every
 * `safetyMs`; while it is not, every `intervalMs`.
 */
export interface PollPace {
  streaming: boolean;
  safetyMs: number;
}

export interface PollSchedule {
  /** Time between the starts of two polls while the upstream answers (and no change stream paces them). */
  intervalMs: number;
  /** The change stream's state; plain interval polling without it. */
  pace?: PollPace;
  /** First retry delay after a failure; doubles with each further failure up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Consecutive failures after which the upstream counts as down rather than degraded. */
  downAfter: number;
  /** For tests: the source of jitter, in [0, 1). */
  random?: () => number;
}

/**
 * When the next poll runs after a successful one, in ms; null: only when triggered. Without it,
 * the schedule's interval (the pace's safety period while the change stream leads).
 */
export type NextPoll = () => number | null;

export interface PollHealth {
  state: UpstreamState;
  lastSuccessAt: number | null;
  failures: number;
}

/**
 * Runs one poll function on a schedule: never two at once (a poll that outlasts the interval delays
 * the next), at once when triggered (the change stream announced a change; a trigger during a poll
 * runs one more right after it), and with backoff after failures, during which triggers wait. The
 * interval is the pace's safety period while the change stream is healthy.
 */
export class TopicPoller {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private failures = 0;
  private lastSuccessAt: number | null = null;
  private firstRun: Promise<void>;
  private settleFirst!: () => void;

  constructor(
    private readonly poll: () => Promise<void>,
    private readonly schedule: PollSchedule,
    private readonly onHealth: (health: PollHealth, error?: unknown) => void = () => {},
    private readonly nextPoll?: NextPoll,
  ) {
    this.firstRun = new Promise((resolve) => (this.settleFirst = resolve));
  }

  get health(): PollHealth {
    const { failures, lastSuccessAt } = this;
    return { state: failures === 0 ? 'ok' : failures >= this.schedule.downAfter ? 'down' : 'degraded', lastSuccessAt, failures };
  }

  get active(): boolean {
    return !this.stopped;
  }

  /** Settles when the first poll has finished, whether it succeeded or not. */
  get firstPoll(): Promise<void> {
    return this.firstRun;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.arm(0);
  }

  /**
   * Poll now (or right after the poll in flight), unless backing off after a failure. An idle
   * poller starts its request at once, not on a timer tick: this is the change stream's hot path.
   */
  trigger(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.failures > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    void this.run();
  }

  /**
   * Run the next poll `delayMs` from now instead of when it was due (a catch-up spread over a few
   * seconds), unless one is running (it re-arms itself) or backing off after a failure.
   */
  defer(delayMs: number): void {
    if (this.stopped || this.running || this.failures > 0) return;
    this.arm(delayMs);
  }

  /** Stops scheduling and waits for a poll in flight to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.settleFirst();
  }

  /** The wait after a failure: doubling from backoffMs up to maxBackoffMs, with equal jitter so that many pollers' retries spread out. */
  private retryWait(): number {
    return backoffDelay(this.failures, { baseMs: this.schedule.backoffMs, maxMs: this.schedule.maxBackoffMs, jitter: 'equal' }, this.schedule.random);
  }

  private arm(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, delayMs);
  }

  private async run(): Promise<void> {
    if (this.stopped || this.running) return;
    const started = Date.now();
    this.again = false;
    let failed = false;
    this.running = this.poll().then(
      () => {
        this.failures = 0;
        this.lastSuccessAt = Date.now();
        this.onHealth(this.health);
      },
      (error: unknown) => {
        failed = true;
        this.failures++;
        this.onHealth(this.health, error);
      },
    );
    await this.running;
    this.running = null;
    this.settleFirst();
    if (this.stopped) return;
    if (failed) this.arm(this.retryWait());
    else if (this.again) void this.run();
    else if (this.nextPoll) {
      const delay = this.nextPoll();
      if (delay !== null) this.arm(delay);
    } else this.arm(Math.max(0, this.intervalMs - (Date.now() - started)));
  }

  /** The time between two polls as things stand: the safety period while notices drive polls. */
  private get intervalMs(): number {
    const pace = this.schedule.pace;
    return pace?.streaming ? pace.safetyMs : this.schedule.intervalMs;
  }
}
