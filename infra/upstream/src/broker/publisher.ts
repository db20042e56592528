import type { ChannelModel, ConfirmChannel } from 'amqplib';
import { eq } from 'drizzle-orm';
import type { FeedMessage } from '@odds/protocol';
import { SpanKind, traceHeaders } from '@odds/ops';
import type { Db } from '../db/client';
import { matches } from '../db/schema';
import { Errors } from '../errors';
import { spans } from '../spans';
import { connectBroker } from './connect';
import { assertTopology, routingKey, topologyNames, type FeedRoute } from './topology';

/** Unconfirmed messages a publisher keeps in flight at most (the confirm window). */
const PUBLISH_WINDOW = 2_000;

type Item = { route: FeedRoute; message: FeedMessage | string | Buffer };

interface Job {
  items: readonly Item[];
  /** The `traceparent` of the call's span, on each of its messages (the workers continue the trace). */
  trace: Record<string, string>;
  sent: number;
  confirms: Promise<void>[];
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Publishes feed messages to the broker (AMQP_URL): one AMQP message per feed message, persistent,
 * on a confirm channel. Confirms are pipelined: up to `window` messages are in flight unconfirmed;
 * each call resolves once the broker has confirmed its own messages (written to the quorum queue).
 * Nobody waits for one message's round trip before the next is sent: calls queue only while the
 * window is full, and go out in call order, each call's messages together.
 */
export class FeedPublisher {
  private inFlight = 0;
  private readonly queue: Job[] = [];
  private readonly roomWaiters: (() => void)[] = [];
  private broken: Error | null = null;

  private constructor(
    private readonly connection: ChannelModel,
    private readonly channel: ConfirmChannel,
    private readonly window: number,
    private readonly exchange: string,
  ) {
    const fail = (error: Error) => {
      this.broken ??= error;
      // Sent messages settle with their confirms (amqplib fails them on close); unsent ones fail here.
      for (const job of this.queue.splice(0)) void Promise.allSettled(job.confirms).then(() => job.reject(this.broken!));
      for (const wake of this.roomWaiters.splice(0)) wake();
    };
    channel.on('error', fail);
    channel.on('close', () => fail(new Error('broker channel closed')));
  }

  /** `prefix`: AMQP_PREFIX, the names of the exchanges and queues (topology.ts). */
  static async connect(
    url: string,
    shards: number,
    { window = PUBLISH_WINDOW, prefix = 'odds' }: { window?: number; prefix?: string } = {},
  ): Promise<FeedPublisher> {
    const connection = await connectBroker(url);
    connection.on('error', () => {}); // The channel's close tells the callers.
    const channel = await connection.createConfirmChannel();
    const names = topologyNames(prefix);
    await assertTopology(channel, shards, names);
    return new FeedPublisher(connection, channel, window, names.feed);
  }

  /** Messages sent and not yet confirmed. */
  get unconfirmed(): number {
    return this.inFlight;
  }

  /** For a feed pacing itself: nothing while the window has room, else a promise of room. */
  room(): Promise<void> | undefined {
    if (this.broken) return Promise.reject(this.broken);
    if (this.inFlight < this.window && !this.queue.length) return undefined;
    return new Promise<void>((resolve) => this.roomWaiters.push(resolve));
  }

  /** Publishes the messages of one match in order; resolves once the broker confirmed them all. */
  publish(route: FeedRoute, messages: readonly (FeedMessage | string | Buffer)[]): Promise<void> {
    return this.publishEach(messages.map((message) => ({ route, message })));
  }

  /**
   * Publishes messages of any matches, each as an AMQP message of its own, in this order (sent at
   * once while the window has room); resolves once the broker confirmed them all, rejects when it
   * refused one or the channel was lost. One PRODUCER span (docs/tracing.md) until the confirms,
   * whose `traceparent` every message carries in its headers.
   */
  publishEach(items: readonly Item[]): Promise<void> {
    if (this.broken) return Promise.reject(this.broken);
    const keys = new Set(items.map((item) => routingKey(item.route)));
    const attributes = {
      'messaging.system': 'rabbitmq',
      'messaging.operation.type': 'send',
      'messaging.destination.name': this.exchange,
      'messaging.batch.message_count': items.length,
      ...(keys.size === 1 && { 'messaging.rabbitmq.destination.routing_key': [...keys][0] }),
    };
    return spans.run(
      `publish ${this.exchange}`,
      { kind: SpanKind.PRODUCER, attributes },
      () =>
        new Promise<void>((resolve, reject) => {
          this.queue.push({ items, trace: traceHeaders(), sent: 0, confirms: [], resolve, reject });
          this.pump();
        }),
    );
  }

  private pump(): void {
    while (this.queue.length) {
      const job = this.queue[0]!;
      while (job.sent < job.items.length && this.inFlight < this.window) job.confirms.push(this.send(job.items[job.sent++]!, job.trace));
      if (job.sent < job.items.length) return; // The window is full: a confirm pumps again.
      this.queue.shift();
      void Promise.allSettled(job.confirms).then((settled) => {
        const refused = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (refused) job.reject(refused.reason as Error);
        else job.resolve();
      });
    }
    while (this.inFlight < this.window && this.roomWaiters.length) this.roomWaiters.shift()!();
  }

  /** Sends one message with its call's trace headers; the promise settles with its confirm (rejects on a nack or a lost channel). */
  private send({ route, message }: Item, trace: Record<string, string>): Promise<void> {
    const body = Buffer.isBuffer(message) ? message : Buffer.from(typeof message === 'string' ? message : JSON.stringify(message));
    const now = Date.now();
    // On a closed channel publish throws: this message's promise rejects, and so does its call.
    return new Promise<void>((resolve, reject) => {
      // The window bounds what amqplib buffers, so its "buffer full" return needs no wait here.
      this.channel.publish(
        this.exchange,
        routingKey(route),
        body,
        {
          persistent: true,
          contentType: 'application/json',
          timestamp: Math.floor(now / 1000),
          headers: { ...trace, 'x-published-ms': now },
        },
        (error) => {
          this.inFlight -= 1;
          if (error) reject(error instanceof Error ? error : new Error('the broker refused the message (nack)'));
          else resolve();
          if (!this.broken) this.pump();
        },
      );
      this.inFlight += 1;
    });
  }

  async close(): Promise<void> {
    await this.channel.close().catch(() => {});
    await this.connection.close().catch(() => {});
  }
}

/** Provider and sport of matches, for routing keys (they never change for a match). */
export class MatchRoutes {
  private readonly known = new Map<number, FeedRoute>();

  constructor(private readonly db: Db) {}

  async of(matchId: number): Promise<FeedRoute> {
    const cached = this.known.get(matchId);
    if (cached) return cached;
    const [row] = await this.db.select({ providerId: matches.providerId, sportId: matches.sportId }).from(matches).where(eq(matches.id, matchId));
    if (!row) throw new Errors.NotFound('Match', matchId);
    const route = { matchId, ...row };
    this.known.set(matchId, route);
    return route;
  }
}
