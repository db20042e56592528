import { eq } from 'drizzle-orm';
import type { DeliveryLog } from '@odds/protocol';
import type { Db } from '../db/client';
import { deliveries } from '../db/schema';
import type { ChangeBus } from './changes';
import { mailText, type ChannelRoute } from './channels/index';
import type { SmtpSender } from './channels/smtp';
import { postWebhook, type SendResult } from './channels/webhook';
import { claimSend, IDEMPOTENCY_HEADER, idempotencyKey, orphanedSends, releaseSend } from './sends';

/** A delivery recorded as PENDING that an adapter must send. */
export interface DispatchJob {
  deliveryId: number;
  matchId: number;
  route: Exclude<ChannelRoute, { kind: 'record' }>;
  log: DeliveryLog;
  /** What a webhook receives (see README "Channels"). */
  payload: Record<string, unknown>;
}

/**
 * Sends PENDING deliveries after their ingest committed, a few at a time, so a slow receiver
 * never holds up evaluation; each ends SENT or FAILED (with the reason), and is announced.
 * Each send is recorded before the call (sends.ts: a claim with a lease, committed on its own);
 * `sweep` picks up the sends of a worker that died, which go out again with the same
 * idempotency key (the delivery id).
 */
export class Dispatcher {
  private readonly queue: DispatchJob[] = [];
  /** Deliveries queued or being sent here (a sweep does not queue them twice). */
  private readonly held = new Set<number>();
  private running = 0;
  private idle: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly bus: ChangeBus,
    private readonly smtp: SmtpSender | null,
    private readonly concurrency = 4,
    private readonly timeoutMs = 5000,
  ) {}

  enqueue(jobs: DispatchJob[]): void {
    for (const job of jobs) {
      if (this.held.has(job.deliveryId)) continue;
      this.held.add(job.deliveryId);
      this.queue.push(job);
    }
    this.pump();
  }

  /** Queues PENDING deliveries nobody is sending (older than `graceMs`); returns how many. */
  async sweep(graceMs = 10_000): Promise<number> {
    const jobs = (await orphanedSends(this.db, graceMs, this.smtp !== null)).filter((j) => !this.held.has(j.deliveryId));
    this.enqueue(jobs);
    return jobs.length;
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
    if (!this.smtp) return { status: 'FAILED', error: 'no SMTP server configured' };
    try {
      await this.smtp.send({ to: job.route.to, subject: job.log.subject ?? 'Offer', text: mailText(job.log) });
      return { status: 'SENT' };
    } catch (error) {
      return { status: 'FAILED', error: `smtp: ${(error as Error).message}` };
    }
  }

  private async run(job: DispatchJob): Promise<void> {
    try {
      if ((await claimSend(this.db, job.deliveryId, this.leaseMs)) === null) return;
    } catch {
      return; // The database went away: the delivery stays PENDING for a sweep.
    }
    const result = await this.send(job);
    try {
      await this.db.update(deliveries).set({
        status: result.status, error: result.error ?? null, sentAt: result.status === 'SENT' ? new Date() : null,
        ...(result.stats && { stats: result.stats }),
      }).where(eq(deliveries.id, job.deliveryId));
      await releaseSend(this.db, job.deliveryId);
      this.bus.publish({ match_id: job.matchId, topics: ['deliveries'], delivery_ids: [job.deliveryId] });
    } catch {
      // The database went away (shutdown): the delivery stays PENDING, as it is.
    }
  }
}
