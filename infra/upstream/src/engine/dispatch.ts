import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deliveries } from '../db/schema';
import type { ChangeBus } from './changes';
import { mailText } from './channels/index';
import type { SmtpSender } from '../mail/smtp';
import { postWebhook, type SendResult } from './channels/webhook';
import { settleSend } from './retries';
import { DEFAULT_RETRY_POLICY, retryPolicyFrom, type RetryPolicy } from './retry-policy';
import { claimDue, claimSend, IDEMPOTENCY_HEADER, idempotencyKey, jobsFor, orphanedSends, SENDER_ID, type DispatchJob } from './sends';

export interface DispatcherOptions {
  /** Calls made at once. */
  concurrency?: number;
  /** How long a call may take. */
  timeoutMs?: number;
  policy?: RetryPolicy;
  /** The senders' clock: retries are planned and found due on it (tests move it by hand). */
  now?: () => number;
  random?: () => number;
  /** This sender's claim name (one per process; tests run two in one). */
  sender?: string;
}

const positive = (env: NodeJS.ProcessEnv, name: string): number | undefined => {
  if (env[name] === undefined || env[name] === '') return undefined;
  const value = Number(env[name]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got '${env[name]}'`);
  return value;
};

/** Sending settings from the environment: DELIVERY_CONCURRENCY, DELIVERY_TIMEOUT_MS and the retry policy's. */
export function dispatcherOptionsFrom(env: NodeJS.ProcessEnv): DispatcherOptions {
  return { concurrency: positive(env, 'DELIVERY_CONCURRENCY'), timeoutMs: positive(env, 'DELIVERY_TIMEOUT_MS'), policy: retryPolicyFrom(env) };
}

/** Counts of calls and their outcomes, for /healthz and the delivery bench. */
export interface SendCounts {
  attempts: number;
  sent: number;
  retriesPlanned: number;
  failed: number;
}

/**
 * Sends PENDING deliveries after their ingest committed, a few at a time, so a slow receiver
 * never holds up evaluation. Each call is recorded before it is made (sends.ts: a claim with a
 * lease, committed on its own) and its result after (retries.ts): SENT, a retry planned on the
 * policy's schedule (the delivery stays PENDING), or FAILED with the reason; each is announced.
 * Retries are rows in the database, not timers: `poll` claims those that are due, whoever planned
 * them, and `sweep` the deliveries a worker committed but died before claiming. Every call of a
 * delivery carries the same idempotency key (the delivery id).
 */
export class Dispatcher {
  private readonly queue: DispatchJob[] = [];
  /** Deliveries queued or being sent here (a sweep does not queue them twice). */
  private readonly held = new Set<number>();
  private running = 0;
  private idle: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  readonly counts: SendCounts = { attempts: 0, sent: 0, retriesPlanned: 0, failed: 0 };
  readonly policy: RetryPolicy;
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly random: () => number;
  readonly sender: string;

  constructor(
    private readonly db: Db,
    private readonly bus: ChangeBus,
    private readonly smtp: SmtpSender | null,
    options: DispatcherOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 4;
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.policy = options.policy ?? DEFAULT_RETRY_POLICY;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.sender = options.sender ?? SENDER_ID;
  }

  enqueue(jobs: DispatchJob[]): void {
    for (const job of jobs) {
      if (this.held.has(job.deliveryId)) continue;
      this.held.add(job.deliveryId);
      this.queue.push(job);
    }
    this.pump();
  }

  /** Queues PENDING deliveries no sender ever claimed (older than `graceMs`); returns how many. */
  async sweep(graceMs = 10_000): Promise<number> {
    const jobs = (await orphanedSends(this.db, graceMs, this.smtp !== null)).filter((j) => !this.held.has(j.deliveryId));
    this.enqueue(jobs);
    return jobs.length;
  }

  /**
   * Claims the sends that are due (planned retries, calls whose sender died) and queues them;
   * returns how many. Claims no more than it can start soon, so none waits here past its lease.
   */
  async poll(): Promise<number> {
    const limit = this.concurrency * 2 - this.queue.length - this.running;
    if (limit <= 0) return 0;
    const claimed = await claimDue(this.db, { sender: this.sender, leaseMs: this.leaseMs, nowMs: this.now(), limit });
    if (!claimed.length) return 0;
    const jobs = await jobsFor(
      this.db,
      claimed.map((c) => c.deliveryId),
      this.smtp !== null,
    );
    const attempts = new Map(claimed.map((c) => [c.deliveryId, c.attempt]));
    this.enqueue(jobs.map((job) => ({ ...job, attempt: attempts.get(job.deliveryId)! })));
    // Claimed, yet nothing to send to any more (the contact lost its URL, or SMTP is not configured here).
    for (const { deliveryId } of claimed.filter((c) => !jobs.some((j) => j.deliveryId === c.deliveryId))) {
      await this.settle(deliveryId, null, { status: 'FAILED', error: 'the contact has no reachable destination any more', final: true });
    }
    return claimed.length;
  }

  /** Polls for due sends every `intervalMs`, and sweeps for unclaimed ones every `sweepMs`. */
  start({ intervalMs = 1000, sweepMs = 5000, graceMs = 10_000 } = {}): void {
    if (this.timer) return;
    let lastSweep = 0;
    this.timer = setInterval(() => {
      if (this.ticking) return;
      this.ticking = true;
      const sweep = this.now() - lastSweep >= sweepMs;
      if (sweep) lastSweep = this.now();
      void (async () => {
        if (sweep) await this.sweep(graceMs);
        await this.poll();
      })()
        .catch(() => {
          // The database is away (restarting, or closing): the next tick tries again.
        })
        .finally(() => {
          this.ticking = false;
        });
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** How long a claim lasts: the call's timeout and a margin. */
  private get leaseMs(): number {
    return this.timeoutMs * 2 + 5_000;
  }

  /** Resolves when every queued delivery has been handled. */
  drain(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private pump(): void {
    while (this.running < this.concurrency && this.queue.length) {
      const job = this.queue.shift()!;
      this.running += 1;
      void this.run(job).finally(() => {
        this.running -= 1;
        this.held.delete(job.deliveryId);
        this.pump();
        if (this.running === 0 && this.queue.length === 0) for (const resolve of this.idle.splice(0)) resolve();
      });
    }
  }

  private async send(job: DispatchJob): Promise<SendResult> {
    if (job.route.kind === 'webhook') return postWebhook(job.route.url, job.payload, this.timeoutMs, { [IDEMPOTENCY_HEADER]: idempotencyKey(job.deliveryId) });
    if (!this.smtp) return { status: 'FAILED', error: 'no SMTP server configured', final: true };
    try {
      await this.smtp.send({ to: job.route.to, subject: job.log.subject ?? 'Offer', text: mailText(job.log) });
      return { status: 'SENT' };
    } catch (error) {
      // An SMTP 5xx is the server's final word (no such mailbox, refused); 4xx and lost connections pass.
      const code = (error as { responseCode?: number }).responseCode;
      return { status: 'FAILED', error: `smtp: ${(error as Error).message}`, ...(code !== undefined && code >= 500 && { final: true }) };
    }
  }

  private async run(job: DispatchJob): Promise<void> {
    if (job.attempt === undefined) {
      try {
        const attempt = await claimSend(this.db, job.deliveryId, {
          sender: this.sender,
          leaseMs: this.leaseMs,
          nowMs: this.now(),
          deadlineMs: this.policy.deadlineMs,
        });
        if (attempt === null) return;
      } catch {
        return; // The database went away: the delivery stays PENDING for a sweep.
      }
    }
    this.counts.attempts += 1;
    await this.settle(job.deliveryId, job.matchId, await this.send(job));
  }

  private async settle(deliveryId: number, matchId: number | null, result: SendResult): Promise<void> {
    try {
      const outcome = await settleSend(this.db, deliveryId, result, { sender: this.sender, policy: this.policy, nowMs: this.now(), random: this.random });
      if (!outcome) return;
      if (outcome.kind === 'SENT') this.counts.sent += 1;
      else if (outcome.kind === 'RETRY') this.counts.retriesPlanned += 1;
      else this.counts.failed += 1;
      const match = matchId ?? (await this.db.select({ matchId: deliveries.matchId }).from(deliveries).where(eq(deliveries.id, deliveryId)))[0]?.matchId;
      if (match !== undefined) this.bus.publish({ match_id: match, topics: ['deliveries'], delivery_ids: [deliveryId] });
    } catch {
      // The database went away (shutdown): the claim runs out and the call is made again.
    }
  }
}
