import { eq } from 'drizzle-orm';
import { activeContext, failSpan, SpanKind, type Context, type Environment } from '@odds/ops';
import type { Db } from '../db/client';
import { deliveries } from '../db/schema';
import type { ChangeBus } from '../notices/bus';
import { spans } from '../spans';
import type { ChannelOutcome } from './channels/adapter';
import { mailText } from './channels/index';
import { Lanes } from './channels/lanes';
import { channelSettingsFrom, type ChannelEnvironment, type ChannelSettings } from './channels/settings';
import { VendorSends } from './channels/vendor-send';
import { devicePlatform, sentLinkStats, trackedLinkFor } from './channels/tracked-links';
import { webhookOutcome } from './channels/webhook-adapter';
import type { SmtpSender } from '../mail/smtp';
import { sendWebhook } from './channels/webhook-send';
import { defaultWebhookSettings, type WebhookSettings } from './channels/webhook-settings';
import { settleSend, type SettleResult } from './retries';
import { DEFAULT_RETRY_POLICY, retryPolicyFrom, type RetryEnvironment, type RetryPolicy } from './retry-policy';
import { SendStops } from './send-stops';
import { claimDue, claimSend, deferSend, IDEMPOTENCY_HEADER, idempotencyKey, jobsFor, orphanedSends, SENDER_ID, type DispatchJob } from './sends';

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
  /** Where webhooks may go, how they are signed (channels/webhook-settings.ts). */
  webhooks?: WebhookSettings;
  /** Vendor base URLs, pace, secrets key... (channels/settings.ts); the defaults when absent. */
  channels?: ChannelSettings;
  /** The kill switch as this process reads it (send-stops.ts); shared with the engine's decisions. */
  stops?: SendStops;
}

/** A lane told to wait longer than this has its sends put back in the database, due when it may send again, instead of held here. */
const HOLD_MS = 2_000;

/** The settings a sender is made of. */
type SendingEnvironment = Pick<Environment, 'DELIVERY_CONCURRENCY' | 'DELIVERY_TIMEOUT_MS'> & RetryEnvironment & ChannelEnvironment;

/** Sending settings from the environment: DELIVERY_CONCURRENCY, DELIVERY_TIMEOUT_MS, the retry policy's and the channels' (of the process's database). */
export function dispatcherOptionsFrom(env: SendingEnvironment, database: { production: boolean; databaseUrl: string } | null = null): DispatcherOptions {
  return {
    concurrency: env.DELIVERY_CONCURRENCY,
    timeoutMs: env.DELIVERY_TIMEOUT_MS,
    policy: retryPolicyFrom(env),
    channels: channelSettingsFrom(env, database),
  };
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
  /** Per channel, so a channel that must wait never holds up another's sends (channels/lanes.ts). */
  private readonly queue = new Lanes<DispatchJob>();
  private wake: NodeJS.Timeout | null = null;
  private readonly vendors: VendorSends;
  /** Deliveries queued or being sent here (a sweep does not queue them twice). */
  private readonly held = new Set<number>();
  /** The trace each held delivery was decided in (docs/tracing.md): its channel call continues it. */
  private readonly traces = new Map<number, Context>();
  private running = 0;
  private idle: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  readonly counts: SendCounts = { attempts: 0, sent: 0, retriesPlanned: 0, failed: 0 };
  readonly policy: RetryPolicy;
  private readonly concurrency: number;
  /** How long one call may take (the stats refresh's calls too). */
  readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly random: () => number;
  readonly sender: string;
  private readonly webhooks: WebhookSettings;

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
    this.webhooks = options.webhooks ?? defaultWebhookSettings();
    this.vendors = new VendorSends(db, options.channels ?? channelSettingsFrom({}), this.now);
    this.ttlMs = options.channels?.messageTtlMs ?? 600_000;
    this.stops = options.stops ?? new SendStops(db);
  }

  private readonly stops: SendStops;

  private readonly ttlMs: number;

  enqueue(jobs: DispatchJob[]): void {
    for (const job of jobs) {
      if (this.held.has(job.deliveryId)) continue;
      this.held.add(job.deliveryId);
      this.traces.set(job.deliveryId, activeContext());
      this.queue.push(VendorSends.laneOf(job), job);
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
    const limit = this.concurrency * 2 - this.queued - this.running;
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
    if (this.wake) clearTimeout(this.wake);
    this.wake = null;
  }

  /** Jobs queued here, in every lane. */
  get queued(): number {
    return this.queue.length;
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
    while (this.running < this.concurrency) {
      const next = this.queue.take();
      if (!next) break;
      const { lane, job } = next;
      this.running += 1;
      void this.run(lane, job).finally(() => {
        this.running -= 1;
        // A job put back in its lane (a short pace wait) stays held.
        if (!this.requeued.delete(job.deliveryId)) this.release(job.deliveryId);
        this.pump();
        if (this.running === 0 && this.queue.length === 0) for (const resolve of this.idle.splice(0)) resolve();
      });
    }
    this.wakeForWaitingLanes();
  }

  private readonly requeued = new Set<number>();

  private wakeAtMs = 0;

  /** A lane (or a job) that waits has its turn again when its wait ends; an earlier wait than the one planned moves the wake up. */
  private wakeForWaitingLanes(): void {
    const at = this.queue.nextReadyAt();
    if (at === null || this.running >= this.concurrency) return;
    if (this.wake && this.wakeAtMs <= at) return;
    if (this.wake) clearTimeout(this.wake);
    this.wakeAtMs = at;
    this.wake = setTimeout(
      () => {
        this.wake = null;
        this.pump();
      },
      Math.max(1, at - Date.now()),
    );
    this.wake.unref();
  }

  private async send(job: DispatchJob): Promise<ChannelOutcome> {
    if (job.route.kind === 'webhook') {
      const key = idempotencyKey(job.deliveryId);
      const webhook = { deliveryId: job.deliveryId, url: job.route.url, payload: job.payload, idempotencyKey: key, idempotencyHeader: IDEMPOTENCY_HEADER };
      return webhookOutcome(await sendWebhook(this.db, webhook, this.webhooks, this.timeoutMs));
    }
    const platform = job.route.kind === 'vendor' && job.route.recipient.kind === 'device' ? devicePlatform(job.route.recipient.value) : null;
    // The call to action as the delivery's tracked link (/t/{id}), as a webhook's is, so its opens are counted.
    let link: string | null;
    try {
      link = await trackedLinkFor(this.db, job.deliveryId, job.log.cta, this.webhooks.trackBase, platform);
    } catch {
      return { kind: 'retry', error: 'the database is not answering: not sent yet' };
    }
    const outcome = await this.sendOver(job, link);
    // Sent without figures of the channel's own: the tracked link's (sent 1, opens as counted).
    if (outcome.kind === 'sent' && !outcome.stats && link) return { ...outcome, stats: await sentLinkStats(this.db, job.deliveryId) };
    return outcome;
  }

  private async sendOver(job: DispatchJob, link: string | null): Promise<ChannelOutcome> {
    if (job.route.kind === 'vendor') {
      const createdMs = job.createdMs ?? this.now();
      return this.vendors.send(
        job as DispatchJob & { route: { kind: 'vendor' } },
        {
          deliveryId: job.deliveryId,
          idempotencyKey: idempotencyKey(job.deliveryId),
          matchId: job.matchId,
          marketId: job.marketId ?? 0,
          language: job.language ?? 'en',
          log: job.log,
          expiresAtMs: createdMs + this.ttlMs,
          collapseKey: `m${job.matchId}-k${job.marketId ?? 0}`,
          link,
          payload: job.payload,
        },
        this.timeoutMs,
      );
    }
    if (job.route.kind !== 'smtp') return { kind: 'failed', error: 'no route to send by' };
    if (!this.smtp) return { kind: 'failed', error: 'no SMTP server configured' };
    try {
      await this.smtp.send({ to: job.route.to, subject: job.log.subject ?? 'Offer', text: mailText(job.log, link) });
      return { kind: 'sent' };
    } catch (error) {
      // An SMTP 5xx is the server's final word (no such mailbox, refused); 4xx and lost connections pass.
      const code = (error as { responseCode?: number }).responseCode;
      const text = `smtp: ${(error as Error).message}`;
      return code !== undefined && code >= 500 ? { kind: 'failed', error: text } : { kind: 'retry', error: text };
    }
  }

  /**
   * A vendor send waits for its channel's pace (shared by every worker) or back-off: a short wait
   * puts it back first in its lane, a long one back in the database, due when the channel may
   * send again, with the lane's other sends (so nothing waits here past its claim's lease). A
   * wait for its recipient's pace is the job's alone: the lane's other sends pass it meanwhile.
   * True when the job may call now.
   */
  private async paced(lane: string, job: DispatchJob, attempt: number | undefined): Promise<boolean> {
    if (job.route.kind !== 'vendor') return true;
    const held = this.queue.waitOf(lane);
    const { wait, scope } = held ? { wait: held, scope: 'lane' as const } : await this.vendors.pace(job as DispatchJob & { route: { kind: 'vendor' } });
    if (wait === 0) return true;
    const again = { ...job, ...(attempt !== undefined && { attempt }) };
    if (scope === 'recipient') {
      // Its recipient's pace: this job alone waits (in its lane, or in the database for a long wait); the lane goes on.
      if (wait <= HOLD_MS) {
        this.requeued.add(job.deliveryId);
        this.queue.push(lane, again, true, Date.now() + wait);
      } else await this.putBack([job], this.now() + wait);
      return false;
    }
    this.queue.waitUntil(lane, Date.now() + wait);
    if (wait <= HOLD_MS) {
      this.requeued.add(job.deliveryId);
      this.queue.push(lane, again, true);
      return false;
    }
    await this.putBack([job, ...this.queue.takeLane(lane)], this.now() + wait);
    return false;
  }

  /** Sends put back in the database, due at `atMs` for whichever worker polls then (the first is the one running here). */
  private async putBack(jobs: DispatchJob[], atMs: number): Promise<void> {
    for (const [i, other] of jobs.entries()) {
      this.vendors.release(other.deliveryId);
      await deferSend(this.db, other.deliveryId, atMs, this.sender, this.policy.deadlineMs, this.now());
      if (i > 0) this.release(other.deliveryId);
    }
  }

  private async run(lane: string, job: DispatchJob): Promise<void> {
    // A lane waiting long already: back to the database without a claim or a call.
    if (job.route.kind === 'vendor' && this.queue.waitOf(lane) > HOLD_MS) {
      await this.paced(lane, job, job.attempt).catch(() => undefined);
      return;
    }
    if (job.attempt === undefined) {
      try {
        const attempt = await claimSend(this.db, job.deliveryId, {
          sender: this.sender,
          leaseMs: this.leaseMs,
          nowMs: this.now(),
          deadlineMs: this.policy.deadlineMs,
        });
        if (attempt === null) return;
        job = { ...job, attempt };
      } catch {
        return; // The database went away: the delivery stays PENDING for a sweep.
      }
    }
    try {
      if (!(await this.paced(lane, job, job.attempt))) return;
    } catch {
      return; // The database went away: the claim runs out and the send is due again.
    }
    // The kill switch, the last thing before the call: a send of a stopped provider (or deployment)
    // fails for good with the stop's words (send-stops.ts); its state unreadable, no call is made.
    let stopped: string | null;
    try {
      stopped = await this.stops.refusal(job.providerId);
    } catch {
      return;
    }
    if (stopped !== null) return this.settle(job.deliveryId, job.matchId, { status: 'FAILED', error: stopped, final: true });
    this.counts.attempts += 1;
    await this.settle(job.deliveryId, job.matchId, resultOf(await this.call(job)));
  }

  /** A delivery no longer held here: neither queued nor being sent. */
  private release(deliveryId: number): void {
    this.held.delete(deliveryId);
    this.traces.delete(deliveryId);
  }

  /**
   * The channel call in a CLIENT span (docs/tracing.md), in the trace its delivery was decided in
   * (a new one for a due retry or an orphaned send, which another round or process queued).
   */
  private call(job: DispatchJob): Promise<ChannelOutcome> {
    const channel = job.route.kind === 'vendor' ? job.route.vendor : job.route.kind;
    const attributes = { 'odds.channel': channel, 'odds.delivery_id': job.deliveryId, 'odds.match_id': job.matchId, 'odds.attempt': job.attempt ?? 1 };
    return spans.run(`send ${channel}`, { kind: SpanKind.CLIENT, parent: this.traces.get(job.deliveryId) ?? null, attributes }, async (span) => {
      const outcome = await this.send(job);
      span.setAttribute('odds.outcome', outcome.kind);
      if (outcome.kind !== 'sent') failSpan(span, outcome.error);
      return outcome;
    });
  }

  private async settle(deliveryId: number, matchId: number | null, result: SettleResult): Promise<void> {
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

/**
 * An outcome as the retry rules record it (retries.ts): sent (with the vendor's message id);
 * retried on the policy's schedule or at the vendor's wait; a back-off retried no sooner than the
 * vendor asked; failed, gone and misconfigured are final.
 */
function resultOf(outcome: ChannelOutcome): SettleResult {
  switch (outcome.kind) {
    case 'sent':
      return { status: 'SENT', stats: outcome.stats ?? null, vendorId: outcome.vendorId ?? null };
    case 'retry':
      return { status: 'FAILED', error: outcome.error, retryAfterMs: outcome.retryAfterMs ?? null };
    case 'backoff':
      return { status: 'FAILED', error: outcome.error, retryAfterMs: outcome.retryAfterMs };
    default:
      return { status: 'FAILED', error: outcome.error, final: true };
  }
}
