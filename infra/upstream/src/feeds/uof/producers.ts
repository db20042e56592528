import { eq, max } from 'drizzle-orm';
import type { ProducerState } from '@odds/protocol';
import type { Db } from '../../db/client';
import { uofProducers, uofRecoveries } from '../../db/schema';
import { FALLBACK_PRODUCERS, unknownProducer, type ProducerInfo } from './producer-list';
import type { RequestRecovery } from './recovery-api';
import { UOF_DEFAULTS } from './settings';

interface Recovery {
  rowId: number;
  requestId: number;
  afterMs: number | null;
  attempts: number;
  messages: number;
  /** Requests made for it (the first keeps the row's request id, each later one takes a new one). */
  tries: number;
  /** Our clock when the current request was accepted; null while one is still to be made. */
  askedMs: number | null;
  /** When the next request may be made (UOF_RECOVERY_INTERVAL_S after the producer's last one). */
  dueMs: number;
  /** Our clock when the last message of the current request arrived: a recovery is quiet from then. */
  heardMs: number | null;
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
  /** Our clock at its last recovery request (any, failed too): the next waits UOF_RECOVERY_INTERVAL_S from it. */
  lastRequestMs: number | null;
  /** How far behind its timestamp its last live message arrived (ms; recovery messages are not counted). */
  delayMs: number | null;
  /** Down only because its messages arrive late: up again, without a recovery, once they catch up (as the SDKs do). */
  delayed: boolean;
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

export interface ProducerSettings {
  aliveTimeoutS: number;
  recoveryTimeoutS: number;
  recoveryIntervalS?: number;
  maxDelayS?: number;
}

/** A producer as Feed health, /readyz and the metrics show it. */
export interface ProducerView {
  id: number;
  name: string;
  state: ProducerState;
  delayMs: number | null;
}

/** Asked a little inside the window, so that the request is still inside it when UOF reads it. */
const WINDOW_MARGIN_MS = 60_000;

/**
 * The health of UOF producers (live odds, prematch…), each on its own, by the vendor's rules:
 * *down* after UOF_ALIVE_TIMEOUT_S without `alive`, on `alive subscribed="0"`, on `product_down`,
 * when the broker connection is lost, and while its messages arrive more than UOF_MAX_DELAY_S
 * behind their timestamp. A down producer that is alive (again), or every known one once the
 * connection is back, gets a recovery: the UOF API is asked to replay everything after the last
 * good message (clamped to the producer's stateful recovery window from producers.xml), and the
 * producer is held down (`recovering`) until the `snapshot_complete` of that request. Requests of
 * one producer are at least UOF_RECOVERY_INTERVAL_S apart, however often it is asked to recover
 * (reconnects, subscribed=0 alives, failures); a recovery from which no message came for
 * UOF_RECOVERY_TIMEOUT_S is asked again with a new request id. Every recovery is a row of
 * `uof_recoveries`. Producers start down: nothing is trusted until a first recovery has completed.
 */
export class Producers {
  private readonly producers = new Map<number, Producer>();
  private infos: ReadonlyMap<number, ProducerInfo> = FALLBACK_PRODUCERS;
  private nextRequestId = 1;
  private timer: NodeJS.Timeout | null = null;
  private work: Promise<void> = Promise.resolve();
  private readonly intervalMs: number;
  private readonly maxDelayMs: number;
  /** Each live message's age as it is handled (the metrics' histogram). */
  onAge: ((producer: number, ageMs: number) => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly requestRecovery: RequestRecovery | null,
    private readonly settings: ProducerSettings,
    private readonly listener: ProducerListener,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.intervalMs = (settings.recoveryIntervalS ?? UOF_DEFAULTS.recoveryIntervalS) * 1000;
    this.maxDelayMs = (settings.maxDelayS ?? UOF_DEFAULTS.maxDelayS) * 1000;
  }

  /** The producer list (producers.xml, or the fallback): names, recovery paths and windows. */
  describe(infos: ReadonlyMap<number, ProducerInfo>): void {
    this.infos = infos;
  }

  info(id: number): ProducerInfo {
    return this.infos.get(id) ?? unknownProducer(id);
  }

  /** Reads the last good times and the request ids used so far (a recovery resumes from where the last run stopped). */
  async load(): Promise<void> {
    for (const row of await this.db.select().from(uofProducers)) {
      const p: Producer = {
        ...this.blank(row.id, 'adapter started'),
        lastGoodMs: row.lastGoodAt?.getTime() ?? null,
        feedMs: row.lastGoodAt?.getTime() ?? null,
      };
      this.producers.set(row.id, p);
      // What a previous run left (up, say) is not true of this one until its recovery.
      await this.persist(p);
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

  private blank(id: number, reason: string): Producer {
    return {
      id,
      state: 'down',
      subscribed: false,
      reason,
      lastAliveMs: null,
      lastGoodMs: null,
      feedMs: null,
      recovery: null,
      lastRequestMs: null,
      delayMs: null,
      delayed: false,
    };
  }

  private producer(id: number): Producer {
    let p = this.producers.get(id);
    if (!p) {
      p = this.blank(id, 'no alive yet');
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

  /** Every producer heard of, for Feed health, /readyz and the metrics. */
  views(): ProducerView[] {
    return [...this.producers.values()].map((p) => ({ id: p.id, name: this.info(p.id).name, state: p.state, delayMs: p.delayMs }));
  }

  /**
   * Any message of `id` as it is handled: how far behind its timestamp it arrived. A live message
   * (not a recovery's) later than UOF_MAX_DELAY_S puts the producer down; once one arrives in time
   * again, a producer down for that alone is up again.
   */
  observe(id: number, timestamp: number, requestId: number | null): Promise<void> {
    if (requestId !== null) return Promise.resolve();
    const p = this.producer(id);
    p.delayMs = Math.max(0, this.now() - timestamp);
    this.onAge?.(id, p.delayMs);
    if (this.maxDelayMs <= 0) return Promise.resolve();
    const late = p.delayMs > this.maxDelayMs;
    if (late && p.state === 'up') {
      return this.serial(async () => {
        await this.markDown(p, `messages ${Math.round(p.delayMs! / 1000)} s behind`);
        p.delayed = true;
      });
    }
    if (!late && p.delayed && p.state === 'down') {
      return this.serial(async () => {
        if (!p.delayed || p.state !== 'down') return;
        p.delayed = false;
        p.state = 'up';
        p.reason = null;
        this.log.info({ producer: id, delayMs: p.delayMs }, 'UOF producer caught up');
        await this.persist(p);
        await this.listener.up(id, p.feedMs);
      });
    }
    return Promise.resolve();
  }

  /** A message of an event from `id`: it moves the last good time while up, and counts towards its recovery. */
  onMessage(id: number, timestamp: number, requestId: number | null): void {
    const p = this.producer(id);
    p.feedMs = Math.max(p.feedMs ?? 0, timestamp);
    if (p.state === 'up') p.lastGoodMs = Math.max(p.lastGoodMs ?? 0, timestamp);
    if (p.recovery && requestId === p.recovery.requestId) {
      p.recovery.messages += 1;
      p.recovery.heardMs = this.now();
    }
  }

  onAlive(id: number, timestamp: number, subscribed: boolean): Promise<void> {
    return this.serial(async () => {
      const p = this.producer(id);
      p.lastAliveMs = this.now();
      p.feedMs = Math.max(p.feedMs ?? 0, timestamp);
      p.subscribed = subscribed;
      // Late messages: no recovery can help until they catch up (observe() lifts it then).
      if (p.delayed) return this.persist(p);
      if (!subscribed) {
        // Unsubscribed: everything since the last good message must be asked again, once: a
        // recovery under way answers it (UOF sends subscribed=0 on every alive until then).
        if (p.state !== 'recovering') {
          await this.markDown(p, 'subscribed=0');
          await this.startRecovery(p);
        }
        return this.persist(p);
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

  /** The broker connection is gone: every producer is down at once (what it sends meanwhile is lost to us). */
  connectionLost(): Promise<void> {
    return this.serial(async () => {
      for (const p of this.producers.values()) {
        p.delayed = false;
        await this.markDown(p, 'connection lost');
      }
    });
  }

  /** The connection is back (queue and bindings declared again): every producer we had heard from recovers. */
  reconnected(): Promise<void> {
    return this.serial(async () => {
      for (const p of this.producers.values()) {
        if (p.state === 'down' && !p.delayed && this.info(p.id).active && (p.lastAliveMs !== null || p.lastGoodMs !== null)) await this.startRecovery(p);
      }
    });
  }

  /** The timer's look: alive timeouts, requests that came due, and quiet recoveries to ask again. */
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
        if (recovery.askedMs === null) {
          if (now >= recovery.dueMs) await this.ask(p, recovery);
          continue;
        }
        // Restarted only when nothing of it came for the timeout (a big snapshot takes a while).
        const quietSince = Math.max(recovery.askedMs, recovery.heardMs ?? 0);
        if (now - quietSince >= this.settings.recoveryTimeoutS * 1000) {
          recovery.askedMs = null;
          recovery.dueMs = this.nextRequestAt(p);
          if (now >= recovery.dueMs) await this.ask(p, recovery);
        }
      }
    });
  }

  private async markDown(p: Producer, reason: string): Promise<void> {
    // A recovering producer's matches are suspended already: only a fall from up suspends them.
    const wasDown = p.state !== 'up';
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

  private nextRequestAt(p: Producer): number {
    return p.lastRequestMs === null ? this.now() : Math.max(this.now(), p.lastRequestMs + this.intervalMs);
  }

  /** `after` for a recovery now: the last good time, but never further back than the producer's window allows. */
  private afterFor(p: Producer): number | null {
    if (p.lastGoodMs === null) return null;
    const earliest = this.now() - this.info(p.id).windowMinutes * 60_000 + WINDOW_MARGIN_MS;
    return Math.max(p.lastGoodMs, earliest);
  }

  private async startRecovery(p: Producer): Promise<void> {
    const requestId = this.nextRequestId++;
    const now = this.now();
    const afterMs = this.afterFor(p);
    const [row] = await this.db
      .insert(uofRecoveries)
      .values({ producer: p.id, requestId, after: afterMs === null ? null : new Date(afterMs), startedAt: new Date(now) })
      .returning();
    p.recovery = { rowId: row!.id, requestId, afterMs, attempts: 1, messages: 0, tries: 0, askedMs: null, dueMs: this.nextRequestAt(p), heardMs: null };
    p.state = 'recovering';
    await this.persist(p);
    if (now >= p.recovery.dueMs) await this.ask(p, p.recovery);
  }

  /** Makes the recovery's request (a new request id after its first); a failure waits for the interval. */
  private async ask(p: Producer, recovery: Recovery): Promise<void> {
    if (recovery.tries > 0) {
      recovery.requestId = this.nextRequestId++;
      recovery.attempts += 1;
      recovery.messages = 0;
      // The window moves on while a recovery waits: `after` is clamped again.
      recovery.afterMs = this.afterFor(p);
      await this.db
        .update(uofRecoveries)
        .set({ requestId: recovery.requestId, attempts: recovery.attempts, after: recovery.afterMs === null ? null : new Date(recovery.afterMs) })
        .where(eq(uofRecoveries.id, recovery.rowId));
    }
    recovery.tries += 1;
    const now = this.now();
    p.lastRequestMs = now;
    recovery.dueMs = now + this.intervalMs;
    if (!this.requestRecovery) {
      this.log.warn({ producer: p.id }, 'UOF producer needs a recovery but UOF_API_URL is not set');
      return;
    }
    try {
      await this.requestRecovery(p.id, recovery.requestId, recovery.afterMs);
      recovery.askedMs = now;
      recovery.heardMs = null;
      this.log.info({ producer: p.id, requestId: recovery.requestId, after: recovery.afterMs, attempt: recovery.attempts }, 'UOF recovery requested');
    } catch (error) {
      // Asked again once the interval has passed (check() sees it due).
      this.log.warn({ err: error, producer: p.id, attempt: recovery.attempts }, 'UOF recovery request failed');
    }
  }

  /** Writes every producer's delay (Feed health reads it; the adapter's flush calls this every 2 s). */
  async persistDelays(): Promise<void> {
    for (const p of this.producers.values()) if (p.delayMs !== null) await this.persist(p);
  }

  private async persist(p: Producer): Promise<void> {
    const values = {
      state: p.state,
      subscribed: p.subscribed,
      reason: p.reason,
      name: this.info(p.id).name,
      delayMs: p.delayMs === null ? null : Math.min(p.delayMs, 2_000_000_000),
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
