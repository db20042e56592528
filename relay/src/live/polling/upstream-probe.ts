import type { FastifyBaseLogger } from 'fastify';

export type ProbeState = 'ok' | 'down';

export interface ProbeResult {
  status: ProbeState;
  latency_ms: number;
  /** When the upstream last answered the probe (ms since epoch), null before it ever did. */
  lastOkAt: number | null;
}

/**
 * A health probe of the upstream on a timer of its own, independent of request traffic: a hung
 * upstream (a SIGSTOP, a stuck event loop) answers no poll and fails no request for seconds, while
 * this notices within `intervalMs × downAfter + timeoutMs`. `/healthz` answers from its last result
 * at once, whatever the upstream does; a change of state is reported to `onChange`.
 */
export class UpstreamProbe {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private stopped = false;
  last: ProbeResult = { status: 'ok', latency_ms: 0, lastOkAt: null };

  constructor(
    private readonly options: {
      check: (timeoutMs: number) => Promise<{ status: 'ok' | 'down'; latency_ms: number }>;
      onChange: (state: ProbeState) => void;
      log: FastifyBaseLogger;
      intervalMs?: number;
      timeoutMs?: number;
      /** Consecutive failed probes before the upstream is reported down. */
      downAfter?: number;
    },
  ) {}

  start(): void {
    this.stopped = false;
    void this.probe();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async probe(): Promise<void> {
    const { intervalMs = 1_000, timeoutMs = 1_000, downAfter = 2 } = this.options;
    const result = await this.options.check(timeoutMs).catch(() => ({ status: 'down' as const, latency_ms: timeoutMs }));
    const before = this.last.status;
    this.failures = result.status === 'ok' ? 0 : this.failures + 1;
    const status: ProbeState = result.status === 'ok' ? 'ok' : this.failures >= downAfter ? 'down' : before;
    this.last = { status, latency_ms: result.latency_ms, lastOkAt: result.status === 'ok' ? Date.now() : this.last.lastOkAt };
    if (status !== before) {
      this.options.log.warn(
        { status, failures: this.failures },
        status === 'down' ? 'the upstream does not answer its health probe' : 'the upstream answers its health probe again',
      );
      this.options.onChange(status);
    }
    if (!this.stopped) this.timer = setTimeout(() => void this.probe(), intervalMs);
  }
}
