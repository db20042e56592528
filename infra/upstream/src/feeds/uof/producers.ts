import { eq, max } from 'drizzle-orm';
import type { ProducerState } from '@odds/protocol';
import type { Db } from '../../db/client';
import { uofProducers, uofRecoveries } from '../../db/schema';
import type { RequestRecovery } from './recovery-api';

interface Recovery {
  rowId: number;
  requestId: number;
  afterMs: number | null;
  /** When the current attempt was asked (or is due, while waiting to retry). */
  attemptMs: number;
  attempts: number;
  messages: number;
  /** True while the API call of the attempt has not been answered yet or failed. */
  asked: boolean;
}

interface Producer {
  id: number;
  state: ProducerState;
  subscribed: boolean;
  reason: string | null;
  /** When we last received its alive (our clock). */
  lastAliveMs: number | null;
  /** Feed time of the last message taken while it was up. */
  lastGoodMs: number | null;
  /** The newest feed time of anything it sent (alive included): the clock its matches' suspensions are dated on. */
  feedMs: number | null;
  recovery: Recovery | null;
}

/** What the adapter does when a producer goes down or comes back (suspends or lifts its matches). */
export interface ProducerListener {
  /** `feedMs`: the producer's newest feed time, null before it sent anything. */
  down(producer: number, reason: string, feedMs: number | null): Promise<void>;
  up(producer: number, feedMs: number | null): Promise<void>;
}

interface Logger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** Wait before retrying a recovery: 1, 2, 4 … 60 s. */
const retryDelayMs = (attempts: number) => Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));

/**
 * The health of UOF producers (live odds, prematch…), each on its own: *down* after
 * UOF_ALIVE_TIMEOUT_S without `alive`, on `alive subscribed="0"` and on `product_down`. A down
 * producer that is alive (again) gets a recovery: the UOF API is asked to replay everything after
 * the last good message, and the producer is held down (state `recovering`) until the
 * `snapshot_complete` of that request; a recovery that does not complete in
 * UOF_RECOVERY_TIMEOUT_S, or whose request fails, is asked again with a new request id after a
 * growing wait. Every recovery is a row of `uof_recoveries` (start, end, messages, attempts).
 * Producers start down: nothing is trusted until a first recovery has completed.
 */
export class Producers {
  private readonly producers = new Map<number, Producer>();
  private nextRequestId = 1;
  private timer: NodeJS.Timeout | null = null;
  private work: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly requestRecovery: RequestRecovery | null,
    private readonly settings: { aliveTimeoutS: number; recoveryTimeoutS: number },
    private readonly listener: ProducerListener,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads the last good times and the request ids used so far (a recovery resumes from where the last run stopped). */
  async load(): Promise<void> {
    for (const row of await this.db.select().from(uofProducers)) {
      this.producers.set(row.id, {
        id: row.id,
        state: 'down',
        subscribed: false,
        reason: 'adapter started',
        lastAliveMs: null,
        lastGoodMs: row.lastGoodAt?.getTime() ?? null,
        feedMs: row.lastGoodAt?.getTime() ?? null,
        recovery: null,
      });
    }
    const [last] = await this.db.select({ id: max(uofRecoveries.requestId) }).from(uofRecoveries);
    this.nextRequestId = (last?.id ?? 0) + 1;
  }

  start(everyMs = 1000): void {
    this.timer ??= setInterval(() => void this.check(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.work;
  }

  /** Runs state changes one at a time, in arrival order. */
  private serial(step: () => Promise<void>): Promise<void> {
    this.work = this.work.then(step, step).catch((error: unknown) => this.log.warn({ err: error }, 'UOF producer step failed'));
    return this.work;
  }

  private producer(id: number): Producer {
    let p = this.producers.get(id);
    if (!p) {
      p = { id, state: 'down', subscribed: false, reason: 'no alive yet', lastAliveMs: null, lastGoodMs: null, feedMs: null, recovery: null };
      this.producers.set(id, p);
    }
    return p;
  }

  isUp(id: number): boolean {
    return this.producers.get(id)?.state === 'up';
  }

  state(id: number): ProducerState {
    return this.producer(id).state;
  }

  /** A message of an event from `id`: it moves the last good time while up, and counts towards its recovery. */
  onMessage(id: number, timestamp: number, requestId: number | null): void {
    const p = this.producer(id);
    p.feedMs = Math.max(p.feedMs ?? 0, timestamp);
    if (p.state === 'up') p.lastGoodMs = Math.max(p.lastGoodMs ?? 0, timestamp);
    if (p.recovery && requestId === p.recovery.requestId) p.recovery.messages += 1;
  }

  onAlive(id: number, timestamp: number, subscribed: boolean): Promise<void> {
    return this.serial(async () => {
      const p = this.producer(id);
      p.lastAliveMs = this.now();
      p.feedMs = Math.max(p.feedMs ?? 0, timestamp);
      p.subscribed = subscribed;
      if (!subscribed) {
        // Unsubscribed: everything since the last good message must be asked again.
        await this.markDown(p, 'subscribed=0');
        await this.startRecovery(p);
        return;
      }
      if (p.state === 'up') p.lastGoodMs = Math.max(p.lastGoodMs ?? 0, timestamp);
      else if (p.state === 'down') await this.startRecovery(p);
      await this.persist(p);
    });
  }

  onProductDown(id: number, timestamp?: number): Promise<void> {
    return this.serial(async () => {
      const p = this.producer(id);
      if (timestamp !== undefined) p.feedMs = Math.max(p.feedMs ?? 0, timestamp);
      await this.markDown(p, 'product_down');
    });
  }

  onSnapshotComplete(id: number, requestId: number, timestamp?: number): Promise<void> {
    return this.serial(async () => {
      const p = this.producer(id);
      if (timestamp !== undefined) p.feedMs = Math.max(p.feedMs ?? 0, timestamp);
      const recovery = p.recovery;
      if (!recovery || recovery.requestId !== requestId) return;
      await this.db
        .update(uofRecoveries)
        .set({ endedAt: new Date(this.now()), messages: recovery.messages, attempts: recovery.attempts, status: 'complete' })
        .where(eq(uofRecoveries.id, recovery.rowId));
      p.recovery = null;
      p.state = 'up';
      p.reason = null;
      this.log.info({ producer: id, requestId, messages: recovery.messages }, 'UOF producer recovered');
      await this.persist(p);
      await this.listener.up(id, p.feedMs);
    });
  }

  /** The timer's look: alive timeouts, and recoveries to ask again. */
  check(): Promise<void> {
    return this.serial(async () => {
      const now = this.now();
      for (const p of this.producers.values()) {
        if (p.state !== 'down' && p.lastAliveMs !== null && now - p.lastAliveMs >= this.settings.aliveTimeoutS * 1000) {
          await this.markDown(p, `no alive for ${this.settings.aliveTimeoutS} s`);
          continue;
        }
        const recovery = p.recovery;
        if (p.state !== 'recovering' || !recovery) continue;
        // Unanswered in time: asked again, each time after a longer wait.
        const due = recovery.asked ? recovery.attemptMs + this.settings.recoveryTimeoutS * 1000 + retryDelayMs(recovery.attempts) : recovery.attemptMs;
        if (now >= due) await this.askAgain(p, recovery);
      }
    });
  }

  private async markDown(p: Producer, reason: string): Promise<void> {
    const wasDown = p.state === 'down';
    if (p.recovery) {
      await this.db
        .update(uofRecoveries)
        .set({ endedAt: new Date(this.now()), messages: p.recovery.messages, attempts: p.recovery.attempts, status: 'failed' })
        .where(eq(uofRecoveries.id, p.recovery.rowId));
      p.recovery = null;
    }
    p.state = 'down';
    p.reason = reason;
    await this.persist(p);
    this.log.warn({ producer: p.id, reason }, 'UOF producer down');
    if (!wasDown) await this.listener.down(p.id, reason, p.feedMs);
  }

  private async startRecovery(p: Producer): Promise<void> {
    const requestId = this.nextRequestId++;
    const now = this.now();
    const [row] = await this.db
      .insert(uofRecoveries)
      .values({ producer: p.id, requestId, after: p.lastGoodMs === null ? null : new Date(p.lastGoodMs), startedAt: new Date(now) })
      .returning();
    p.recovery = { rowId: row!.id, requestId, afterMs: p.lastGoodMs, attemptMs: now, attempts: 1, messages: 0, asked: false };
    p.state = 'recovering';
    await this.persist(p);
    await this.ask(p, p.recovery);
  }

  private async askAgain(p: Producer, recovery: Recovery): Promise<void> {
    recovery.requestId = this.nextRequestId++;
    recovery.attempts += 1;
    recovery.messages = 0;
    await this.db.update(uofRecoveries).set({ requestId: recovery.requestId, attempts: recovery.attempts }).where(eq(uofRecoveries.id, recovery.rowId));
    await this.ask(p, recovery);
  }

  private async ask(p: Producer, recovery: Recovery): Promise<void> {
    recovery.asked = false;
    if (!this.requestRecovery) {
      this.log.warn({ producer: p.id }, 'UOF producer needs a recovery but UOF_API_URL is not set');
      recovery.attemptMs = this.now() + retryDelayMs(recovery.attempts);
      return;
    }
    try {
      await this.requestRecovery(p.id, recovery.requestId, recovery.afterMs);
      recovery.asked = true;
      recovery.attemptMs = this.now();
      this.log.info({ producer: p.id, requestId: recovery.requestId, after: recovery.afterMs, attempt: recovery.attempts }, 'UOF recovery requested');
    } catch (error) {
      // Asked again after a growing wait (check() sees it due).
      recovery.attemptMs = this.now() + retryDelayMs(recovery.attempts);
      this.log.warn({ err: error, producer: p.id, attempt: recovery.attempts }, 'UOF recovery request failed');
    }
  }

  private async persist(p: Producer): Promise<void> {
    const values = {
      state: p.state,
      subscribed: p.subscribed,
      reason: p.reason,
      lastAliveAt: p.lastAliveMs === null ? null : new Date(p.lastAliveMs),
      lastGoodAt: p.lastGoodMs === null ? null : new Date(p.lastGoodMs),
      updatedAt: new Date(this.now()),
    };
    await this.db
      .insert(uofProducers)
      .values({ id: p.id, ...values })
      .onConflictDoUpdate({ target: uofProducers.id, set: values });
  }
}
