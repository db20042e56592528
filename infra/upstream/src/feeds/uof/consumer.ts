import amqp, { type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import type { UofAdapter } from './adapter';
import type { UofSettings } from './settings';

/** What the UOF adapter logs through (pino's logger, or a test's). */
export interface Logger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Messages handed to the adapter before their acks (one consumer, handled in order). */
const PREFETCH = 500;
/** Messages handed to the adapter at once (its engine calls batch one match's run of them). */
const BATCH = 200;
/** How often the adapter's counts (unknown markets, unlinked events) are written. */
const FLUSH_MS = 2_000;

/**
 * The UOF queue's consumer: a small loop with one job. It binds our queue to the UOF exchange
 * (UOF_BINDING_KEYS, `#` by default), hands what arrived to the adapter in arrival order, in
 * batches of what came while the last batch ran, and acks them once handled; a batch the
 * adapter could not handle for a passing reason (the database away) is put back after a second.
 * The exchange is only checked, never declared: on UOF's own broker a bookmaker may not declare it.
 */
export class UofConsumer {
  private readonly buffer: ConsumeMessage[] = [];
  private draining: Promise<void> | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private tag: string | null = null;

  private constructor(
    private readonly connection: ChannelModel,
    private readonly channel: Channel,
    private readonly adapter: UofAdapter,
    private readonly log: Logger,
  ) {}

  static async start(settings: UofSettings, adapter: UofAdapter, log: Logger): Promise<UofConsumer> {
    const connection = await amqp.connect(settings.amqpUrl);
    connection.on('error', (error: Error) => log.warn({ err: error }, 'UOF connection error'));
    const channel = await connection.createChannel();
    await channel.checkExchange(settings.exchange);
    const queue = settings.queue
      ? (await channel.assertQueue(settings.queue, { durable: true })).queue
      : (await channel.assertQueue('', { exclusive: true, autoDelete: true })).queue;
    for (const key of settings.bindingKeys) await channel.bindQueue(queue, settings.exchange, key);
    await channel.prefetch(PREFETCH);
    await adapter.start();
    const consumer = new UofConsumer(connection, channel, adapter, log);
    consumer.tag = (await channel.consume(queue, (message) => message && consumer.take(message))).consumerTag;
    consumer.flushTimer = setInterval(() => void adapter.flush().catch((error: unknown) => log.warn({ err: error }, 'UOF counts not written')), FLUSH_MS);
    consumer.flushTimer.unref();
    log.info({ exchange: settings.exchange, queue, keys: settings.bindingKeys }, 'UOF feed consumer started');
    return consumer;
  }

  private take(message: ConsumeMessage): void {
    this.buffer.push(message);
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /** Hands what arrived meanwhile to the adapter as one batch, acks it, and goes on while more came. */
  private async drain(): Promise<void> {
    while (this.buffer.length) {
      const batch = this.buffer.splice(0, BATCH);
      try {
        await this.adapter.handleMany(batch.map((m) => ({ routingKey: m.fields.routingKey, body: m.content })));
        for (const message of batch) this.channel.ack(message);
      } catch (error) {
        this.log.error({ err: error, messages: batch.length }, 'UOF messages not handled; put back');
        await new Promise((resolve) => setTimeout(resolve, 1000));
        for (const message of batch) this.channel.nack(message, false, true);
      }
    }
  }

  async close(): Promise<void> {
    if (this.flushTimer) clearInterval(this.flushTimer);
    if (this.tag) await this.channel.cancel(this.tag).catch(() => undefined);
    await this.draining;
    await this.adapter.stop();
    await this.connection.close().catch(() => undefined);
  }
}
