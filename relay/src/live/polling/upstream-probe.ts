import type { FastifyBaseLogger } from 'fastify';

export type ProbeState = 'ok' | 'down';

export interface ProbeResult {
  status: ProbeState;
  latency_ms: number;
  /** When the upstream last answered the probe (ms since epoch), null before it ever did. */
  lastOkAt: number | null;
}

/** What one health check found: answered ok, answered otherwise (down: it says so), or no answer yet. */
type Check = { status: 'ok' | 'down'; latency_ms: number };

/**
 * A health probe of the upstream on a timer of its own, independent of request traffic: a hung
 * upstream (a SIGSTOP, a stuck event loop) answers no poll and fails no request for seconds, while
 * this notices within `intervalMs × downAfter + timeoutMs`. `/healthz` answers from its last result
 * at once, whatever the upstream does; a change of state is reported to `onChange`.
 *
 * A busy upstream is not a down one. A check that gets no answer within `timeoutMs` is not given
 * up: it is awaited for `lateMs` more (one at a time), and its late answer counts as the upstream
 * answering. Checks without an answer make the upstream down only while it has been silent for
 * `silenceMs`: no probe answer, late or not, and no answer to any other call of the relay
 * (`lastAnswerAt`: the pollers' reads). An answer saying it is not well (a non-2xx) counts at once.
 */
export class UpstreamProbe {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private stopped = false;
  /** The check still waiting for its answer, past its timeout. */
  private pending: Promise<Check> | null = null;
  private answeredAt = 0;
  /** The pending check is past its timeout: its answer, when it comes, is recorded then. */
  private overdue = false;
  last: ProbeResult = { status: 'ok', latency_ms: 0, lastOkAt: null };

  constructor(
    private readonly options: {
      /** One health call, given up after `timeoutMs`; throws or answers down when it fails. */
      check: (timeoutMs: number) => Promise<Check>;
      onChange: (state: ProbeState) => void;
      log: FastifyBaseLogger;
      intervalMs?: number;
      timeoutMs?: number;
      /** How long a check without an answer is still awaited, its late answer counting. */
      lateMs?: number;
      /** Consecutive failed probes before the upstream is reported down. */
      downAfter?: number;
      /** How long the upstream must have answered nothing before checks without an answer make it down. */
      silenceMs?: number;
      /** When the upstream last answered any other call of this relay (ms since epoch). */
      lastAnswerAt?: () => number;
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
    const { intervalMs = 1_000, timeoutMs = 1_000 } = this.options;
    this.record(await this.checkOnce(timeoutMs));
    if (!this.stopped) this.timer = setTimeout(() => void this.probe(), intervalMs);
  }

  /** One probe's result (or a late answer's) into the state, telling `onChange` of a change. */
  private record(result: { status: 'ok' | 'down' | 'silent'; latency_ms: number }): void {
    const { downAfter = 2 } = this.options;
    const before = this.last.status;
    this.failures = result.status === 'ok' ? 0 : this.failures + 1;
    const failed = result.status === 'down' || (result.status === 'silent' && this.silent());
    const status: ProbeState = result.status === 'ok' ? 'ok' : failed && this.failures >= downAfter ? 'down' : before;
    this.last = { status, latency_ms: result.latency_ms, lastOkAt: result.status === 'ok' ? Date.now() : this.last.lastOkAt };
    if (status !== before) {
      this.options.log.warn(
        { status, failures: this.failures },
        status === 'down' ? 'the upstream does not answer its health probe' : 'the upstream answers its health probe again',
      );
      this.options.onChange(status);
    }
  }

  /** One probe: the answer within `timeoutMs`, or 'silent' (the call, or one still waiting, goes on for `lateMs`). */
  private async checkOnce(timeoutMs: number): Promise<{ status: 'ok' | 'down' | 'silent'; latency_ms: number }> {
    const started = performance.now();
    if (!this.pending) {
      this.overdue = false;
      this.pending = this.options
        .check(timeoutMs + (this.options.lateMs ?? 10_000))
        .catch(() => ({ status: 'down' as const, latency_ms: Math.round(performance.now() - started) }))
        .then((answer) => {
          if (answer.status !== 'ok') return answer;
          this.answeredAt = Date.now();
          // A late answer is the upstream answering: up again at once, not at the next prompt answer.
          if (this.overdue && !this.stopped) this.record(answer);
          return answer;
        })
        .finally(() => {
          this.pending = null;
        });
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    const answer = await Promise.race([this.pending, late]);
    clearTimeout(timer);
    if (answer) return answer;
    this.overdue = true;
    return { status: 'silent', latency_ms: timeoutMs };
  }

  /** Nothing heard from the upstream for `silenceMs`: no probe answer (late ones too), no answer to the relay's other calls. */
  private silent(): boolean {
    const heard = Math.max(this.answeredAt, this.options.lastAnswerAt?.() ?? 0);
    return Date.now() - heard >= (this.options.silenceMs ?? 2 * (this.options.timeoutMs ?? 1_000));
  }
}
