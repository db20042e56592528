import type { Channel, ConsumeMessage } from 'amqplib';
import type { UofAdapter } from './adapter';
import type { Logger } from './logger';
import { UofConnection, type ConnectionOptions } from './connection';
import { isTransient } from './transient';
import type { UofSettings } from './settings';
import { UofStatus } from './status';
import { redrive } from './redrive';
import { backoffDelay } from '@odds/ops';

/** What the UOF adapter logs through (pino's logger, or a test's). */
export type { Logger } from './logger';

/** Messages handed to the adapter before their acks (one consumer, handled in order). */
const PREFETCH = 500;
/** Messages handed to the adapter at once (its engine calls batch one match's run of them). */
const BATCH = 200;
/** How often the adapter's counts, the connection row and asked-for re-drives are looked at. */
const FLUSH_MS = 2_000;
/** The wait before handling a message again while the database or a broker is away: 1 s doubling to 30 s. */
const TRANSIENT_BACKOFF = { baseMs: 1_000, maxMs: 30_000 };
/** UOF's system messages, bound whatever UOF_BINDING_KEYS say: without them no producer ever comes up. */
const SYSTEM_KEYS = ['-.-.-.alive.#', '-.-.-.snapshot_complete.#', '-.-.-.product_down.#'];

interface Delivery {
  message: ConsumeMessage;
  channel: Channel;
  generation: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The UOF queue's consumer: a small loop with one job. On every (re)connection it declares our
 * queue and binds it to the UOF exchange (UOF_BINDING_KEYS, `#` by default, plus the system
 * keys), hands what arrived to the adapter in arrival order, in batches of what came while the
 * last batch ran, and acks them once handled. A message over UOF_MAX_MESSAGE_BYTES is
 * dead-lettered unread. A batch that fails is taken again one message at a time: a failure of the
 * moment (the database or a broker away: transient.ts) is tried again in place, with a growing
 * wait, for as long as it lasts; any other failure of a message is tried UOF_MAX_ATTEMPTS times
 * and then dead-lettered with its reason, so that no message is redelivered forever. The exchange
 * is only checked, never declared: on UOF's own broker a bookmaker may not declare it.
 */
export class UofConsumer {
  private readonly buffer: Delivery[] = [];
  private draining: Promise<void> | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private readonly connection: UofConnection;
  private stopping = false;

  private constructor(
    private readonly settings: UofSettings,
    private readonly adapter: UofAdapter,
    private readonly log: Logger,
    readonly status: UofStatus,
    options: ConnectionOptions,
  ) {
    this.connection = new UofConnection(
      settings.amqpUrl,
      { opened: (channel, generation) => this.opened(channel, generation), lost: (reason) => this.lost(reason) },
      status,
      log,
      options,
    );
  }

  /**
   * Starts the adapter (its producers from the database) and the connection in the background:
   * resolves at once whether or not the broker answers, so the API serves while it is away.
   */
  static async start(settings: UofSettings, adapter: UofAdapter, log: Logger, status = new UofStatus(), options: ConnectionOptions = {}): Promise<UofConsumer> {
    await adapter.start();
    status.producers = () => adapter.producers.views();
    adapter.producers.onAge = (producer, ageMs) => status.observeAge(producer, ageMs);
    const consumer = new UofConsumer(settings, adapter, log, status, options);
    consumer.connection.start();
    consumer.flushTimer = setInterval(() => void consumer.flush(), FLUSH_MS);
    consumer.flushTimer.unref();
    return consumer;
  }

  private async opened(channel: Channel, generation: number): Promise<void> {
    const { settings } = this;
    await channel.checkExchange(settings.exchange);
    const queue = settings.queue
      ? (await channel.assertQueue(settings.queue, { durable: true })).queue
      : (await channel.assertQueue('', { exclusive: true, autoDelete: true })).queue;
    const keys = [...new Set([...settings.bindingKeys, ...SYSTEM_KEYS])];
    for (const key of keys) await channel.bindQueue(queue, settings.exchange, key);
    await channel.prefetch(PREFETCH);
    await channel.consume(queue, (message) => message && this.take({ message, channel, generation }));
    this.log.info({ exchange: settings.exchange, queue, keys }, 'UOF feed consumer started');
    this.status.set('connected', null);
    await this.status.persist(this.adapter.db).catch(() => undefined);
    // Everything said while we were away is asked again.
    await this.adapter.producers.reconnected();
  }

  private async lost(reason: string): Promise<void> {
    // What was buffered is given back by the broker (or lost with an exclusive queue): not handled twice.
    this.buffer.length = 0;
    await this.adapter.producers.connectionLost();
    await this.status.persist(this.adapter.db).catch(() => undefined);
    this.log.warn({ reason }, 'UOF producers down: connection lost');
  }

  private take(delivery: Delivery): void {
    this.status.arrived();
    this.buffer.push(delivery);
    this.kick();
  }

  /** Runs `work` (a drain, or re-drives) unless some is running: the adapter takes one message at a time. */
  private kick(work: () => Promise<void> = () => this.drain()): void {
    if (this.draining) return;
    this.draining = work().finally(() => {
      this.draining = null;
      if (this.buffer.length && !this.stopping) this.kick();
    });
  }

  /** Hands what arrived meanwhile to the adapter as one batch, acks it, and goes on while more came. */
  private async drain(): Promise<void> {
    while (this.buffer.length && !this.stopping) {
      const batch = this.buffer.splice(0, BATCH);
      const fits: Delivery[] = [];
      for (const delivery of batch) {
        if (delivery.message.content.length <= this.settings.maxMessageBytes) {
          fits.push(delivery);
          continue;
        }
        // Never parsed nor decoded whole (a 50 MB body would hold the event loop for seconds).
        await this.run(fits.splice(0));
        await this.settle([delivery], () =>
          this.adapter.deadLetterRaw({
            kind: 'uof_too_large',
            reason: `message of ${delivery.message.content.length} bytes is over UOF_MAX_MESSAGE_BYTES (${this.settings.maxMessageBytes})`,
            routingKey: delivery.message.fields.routingKey,
            matchId: null,
            body: delivery.message.content,
            keep: false,
          }),
        );
      }
      await this.run(fits);
    }
  }

  /** Handles deliveries as one batch; on failure one by one (see the class). */
  private async run(batch: Delivery[]): Promise<void> {
    if (!batch.length) return;
    try {
      await this.adapter.handleMany(batch.map((d) => ({ routingKey: d.message.fields.routingKey, body: d.message.content })));
      this.ack(batch);
      return;
    } catch (error) {
      this.adapter.abandon();
      this.log.warn({ err: error, messages: batch.length }, 'UOF batch not handled; taking its messages one at a time');
      // A batch of one that failed for a reason of its own: that was its first attempt.
      if (batch.length === 1 && !isTransient(error)) return this.one(batch[0]!, 1, error);
    }
    for (const delivery of batch) await this.one(delivery);
  }

  private async one(delivery: Delivery, tried = 0, lastError: unknown = null): Promise<void> {
    const { routingKey } = delivery.message.fields;
    const body = delivery.message.content;
    let attempts = tried;
    let waits = 0;
    for (;;) {
      if (this.stopping || !this.live(delivery)) return;
      if (attempts >= this.settings.maxAttempts) {
        const reason = `failed ${attempts} time${attempts === 1 ? '' : 's'}: ${(lastError as Error).message ?? String(lastError)}`;
        return this.settle([delivery], () => this.adapter.deadLetterRaw({ kind: 'uof_failed', reason, routingKey, matchId: null, body, keep: true }));
      }
      if (attempts > 0) await sleep(100 * attempts);
      try {
        await this.adapter.handleMany([{ routingKey, body }]);
        return this.ack([delivery]);
      } catch (error) {
        this.adapter.abandon();
        if (isTransient(error)) {
          // The database or a broker away: the message is fine, the moment is not.
          waits += 1;
          this.log.error({ err: error, routingKey, waits }, 'UOF message not handled (transient); trying again');
          await sleep(backoffDelay(waits, TRANSIENT_BACKOFF));
          continue;
        }
        attempts += 1;
        lastError = error;
      }
    }
  }

  /** Writes what `write` writes (a dead letter), then acks; a transient failure of the write is tried again. */
  private async settle(deliveries: Delivery[], write: () => Promise<void>): Promise<void> {
    for (let waits = 1; !this.stopping && deliveries.every((d) => this.live(d)); waits += 1) {
      try {
        await write();
        return this.ack(deliveries);
      } catch (error) {
        this.log.error({ err: error }, 'UOF dead letter not written; trying again');
        await sleep(backoffDelay(waits, TRANSIENT_BACKOFF));
      }
    }
  }

  /** Still on the connection it came on (after a reconnect the broker delivers it again). */
  private live(delivery: Delivery): boolean {
    return delivery.generation === this.connection.generation && this.connection.current() !== null;
  }

  private ack(deliveries: Delivery[]): void {
    for (const delivery of deliveries) {
      if (!this.live(delivery)) continue;
      try {
        delivery.channel.ack(delivery.message);
      } catch (error) {
        this.log.warn({ err: error }, 'UOF ack not sent (channel gone; the broker delivers it again)');
      }
    }
  }

  /** Every 2 s: the adapter's counts, the connection row Feed health reads, and re-drives operators asked for. */
  private async flush(): Promise<void> {
    try {
      await this.adapter.flush();
      await this.adapter.producers.persistDelays();
      await this.status.persist(this.adapter.db);
      // Between two drains: a re-drive is handled like a message that just arrived.
      if (this.connection.current()) this.kick(() => redrive(this.adapter, this.log));
    } catch (error) {
      this.log.warn({ err: error }, 'UOF counts not written');
    }
  }

  async close(): Promise<void> {
    this.stopping = true;
    if (this.flushTimer) clearInterval(this.flushTimer);
    await this.draining;
    await this.connection.close();
    this.status.set('down', 'adapter stopped');
    await this.adapter.stop();
    await this.status.persist(this.adapter.db).catch(() => undefined);
  }
}
