import amqp, { type Channel, type ChannelModel } from 'amqplib';
import { nextAttemptAt, type RetryPolicy } from '../../engine/retry-policy';
import type { Logger } from './logger';
import type { UofStatus } from './status';

/**
 * Closes a connection without waiting: on a broken socket amqplib's close() waits for the broker's
 * answer, which never comes.
 */
function forget(connection: ChannelModel): void {
  void connection.close().catch(() => undefined);
}

/** Waits between connection attempts: 1 s doubling to 30 s (the last repeats), each ±30 % at random. */
const RECONNECT_POLICY: RetryPolicy = { scheduleMs: [1_000, 2_000, 4_000, 8_000, 16_000, 30_000], deadlineMs: Number.POSITIVE_INFINITY, jitter: 0.3 };

export interface ConnectionEvents {
  /** A channel on a fresh connection: declare the queue and bindings, consume. Throwing drops the connection (tried again). */
  opened(channel: Channel, generation: number): Promise<void>;
  /** The connection is gone (or never came): everything it delivered and did not ack comes again, or is lost with its queue. */
  lost(reason: string): Promise<void>;
}

export interface ConnectionOptions {
  policy?: RetryPolicy;
  random?: () => number;
}

/**
 * The adapter's connection to the UOF broker, kept alive: connected at start in the background (a
 * broker down at boot does not stop the API), and on `close` or `error` of the connection or its
 * channel marked down at once, logged, and connected again after a growing wait with jitter (so
 * that several consoles do not all come back in the same instant). Each connection has a
 * generation number: an ack of a message from an older one is never sent (its channel is gone).
 */
export class UofConnection {
  private connection: ChannelModel | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private failures = 0;
  generation = 0;
  private readonly policy: RetryPolicy;
  private readonly random: () => number;

  constructor(
    private readonly url: string,
    private readonly events: ConnectionEvents,
    private readonly status: UofStatus,
    private readonly log: Logger,
    options: ConnectionOptions = {},
  ) {
    this.policy = options.policy ?? RECONNECT_POLICY;
    this.random = options.random ?? Math.random;
  }

  start(): void {
    void this.connect();
  }

  private async connect(): Promise<void> {
    this.timer = null;
    if (this.closed) return;
    const generation = this.generation + 1;
    let connection: ChannelModel | null = null;
    try {
      connection = await amqp.connect(this.url);
      if (this.closed) return void (await connection.close().catch(() => undefined));
      this.generation = generation;
      this.connection = connection;
      let gone = false;
      const drop = (reason: string) => {
        if (gone) return;
        gone = true;
        void this.dropped(connection!, reason);
      };
      connection.on('error', (error: Error) => drop(`connection error: ${error.message}`));
      connection.on('close', (error?: Error) => drop(error ? `connection closed: ${error.message}` : 'connection closed by the broker'));
      const channel = await connection.createChannel();
      channel.on('error', (error: Error) => drop(`channel error: ${error.message}`));
      channel.on('close', () => drop('channel closed'));
      await this.events.opened(channel, generation);
      this.failures = 0;
      this.status.set('connected', null);
      this.log.info({ generation, reconnects: this.status.reconnects }, 'UOF broker connected');
    } catch (error) {
      const reason = `cannot connect: ${(error as Error).message}`;
      if (connection && this.connection === connection) {
        // Opened but not usable (the exchange missing, say): dropped like a lost one.
        this.connection = null;
        forget(connection);
      }
      this.retry(reason);
    }
  }

  private async dropped(connection: ChannelModel, reason: string): Promise<void> {
    if (this.connection !== connection) return;
    this.connection = null;
    forget(connection);
    if (this.closed) return;
    this.log.warn({ reason }, 'UOF broker connection lost');
    await this.events.lost(reason).catch((error: unknown) => this.log.error({ err: error }, 'UOF connection loss not handled'));
    this.retry(reason);
  }

  private retry(reason: string): void {
    if (this.closed || this.timer) return;
    this.failures += 1;
    const waitMs = nextAttemptAt(this.policy, this.failures, 0, Number.POSITIVE_INFINITY, null, this.random)!;
    this.status.set('down', reason);
    this.log.warn({ reason, retryInMs: waitMs, attempt: this.failures }, 'UOF broker not connected; trying again');
    this.timer = setTimeout(() => void this.connect(), waitMs);
    this.timer.unref();
  }

  /** The current connection's generation when it is up, else null (acks wait for the broker to redeliver). */
  current(): ChannelModel | null {
    return this.connection;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const connection = this.connection;
    this.connection = null;
    // A healthy connection closes at once; a broken one is not waited for.
    if (connection) await Promise.race([connection.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  }
}
