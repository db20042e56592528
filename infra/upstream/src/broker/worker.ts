import type { Channel, ChannelModel, ConfirmChannel, ConsumeMessage } from 'amqplib';
import type { FeedMessage } from '@odds/protocol';
import { backoffDelay, contextOfHeaders, SpanKind, type Context } from '@odds/ops';
import type { Db } from '../db/client';
import { deadLetters } from '../db/schema';
import type { Engine } from '../engine/engine';
import { spans } from '../spans';
import { connectBroker } from './connect';
import { checkFeedMessage } from './feed-check';
import { assertTopology, parseRoutingKey, topologyNames, type Topology } from './topology';
import { WorkerMetrics } from './worker-metrics';

export interface WorkerOptions {
  amqpUrl: string;
  db: Db;
  engine: Engine;
  shards: number;
  /** Unacknowledged messages a shard may hand this worker at once. */
  prefetch?: number;
  /** A match's batch is ingested at this many messages... */
  batchMax?: number;
  /** ...or this long after its first message, whichever comes first. */
  batchMs?: number;
  /** Shards this worker subscribes to first (so N workers started together split them); others after standbyDelayMs. */
  preferred?: (shard: number) => boolean;
  standbyDelayMs?: number;
  /** AMQP_PREFIX: the names of the exchanges and queues (topology.ts); `odds` by default. */
  prefix?: string;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: object) => void;
}

interface Pending {
  message: ConsumeMessage;
  feed: FeedMessage;
  shard: string;
  /** The trace its publisher's `traceparent` header continues (docs/tracing.md). */
  trace: Context;
}

type Kind = 'invalid_json' | 'schema' | 'routing_key' | 'unknown_match' | 'rejected';

const clientError = (error: unknown): number | null => {
  const status = (error as { statusCode?: number }).statusCode;
  return status !== undefined && status >= 400 && status < 500 ? status : null;
};

/**
 * An engine worker: consumes the shard queues (single active consumer each), collects each match's
 * messages into batches (up to batchMax or batchMs), ingests a batch in one transaction and acks
 * its messages only after the commit. A match's batches run one after the other, in delivery order.
 * A message that can never be ingested (not JSON, not a feed message, an unknown match, a market or
 * outcome the match does not have) goes to the dead-letter queue with its reason and is acked, so
 * the shard keeps flowing; any other failure (the database away) puts the batch back on its queue.
 * Redelivered messages are harmless: the engine skips source ids it has stored.
 */
export class EngineWorker {
  readonly metrics = new WorkerMetrics();
  private connection: ChannelModel | null = null;
  private channel: Channel | null = null;
  private dead: ConfirmChannel | null = null;
  private readonly consumers: string[] = [];
  private readonly buffers = new Map<number, { items: Pending[]; timer: NodeJS.Timeout | null }>();
  private readonly chains = new Map<number, Promise<void>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private stopping = false;
  private readonly names: Topology;
  private readonly log: NonNullable<WorkerOptions['log']>;
  /** Called when the broker connection is lost (the process should exit: its caches may be stale). */
  onLost: (error: Error) => void = () => {};

  constructor(private readonly options: WorkerOptions) {
    this.log = options.log ?? (() => {});
    this.names = topologyNames(options.prefix);
    this.metrics.engine = options.engine.counters;
  }

  get batchMax() {
    return this.options.batchMax ?? 200;
  }
  get batchMs() {
    return this.options.batchMs ?? 20;
  }

  async start(): Promise<void> {
    const connection = await connectBroker(this.options.amqpUrl);
    this.connection = connection;
    connection.on('error', (error: Error) => this.log('error', 'broker connection error', { err: error.message }));
    connection.on('close', () => {
      if (!this.stopping) this.onLost(new Error('broker connection closed'));
    });
    const channel = await connection.createChannel();
    this.channel = channel;
    this.dead = await connection.createConfirmChannel();
    await assertTopology(channel, this.options.shards, this.names);
    await channel.prefetch(this.options.prefetch ?? 500);
    const preferred = this.options.preferred ?? (() => true);
    const subscribe = async (n: number) => {
      if (this.stopping) return;
      const queue = this.names.shard(n);
      this.metrics.shard(queue);
      const { consumerTag } = await channel.consume(queue, (message) => message && this.receive(queue, message));
      this.consumers.push(consumerTag);
    };
    const all = Array.from({ length: this.options.shards }, (_, n) => n);
    for (const n of all.filter(preferred)) await subscribe(n);
    // Standby on the other shards: RabbitMQ makes this worker their consumer when theirs goes.
    const rest = all.filter((n) => !preferred(n));
    if (rest.length) {
      this.timers.push(
        setTimeout(
          () => void Promise.all(rest.map(subscribe)).catch((error: Error) => this.log('warn', 'standby subscribe failed', { err: error.message })),
          this.options.standbyDelayMs ?? 3_000,
        ),
      );
    }
    const depths = setInterval(() => void this.readDepths(), 2_000);
    depths.unref();
    this.timers.push(depths);
  }

  private async readDepths(): Promise<void> {
    const channel = this.channel;
    if (!channel) return;
    for (const [queue, shard] of this.metrics.shards) {
      try {
        shard.depth = (await channel.checkQueue(queue)).messageCount;
      } catch {
        return;
      }
    }
  }

  private receive(shard: string, message: ConsumeMessage): void {
    this.metrics.consumed += 1;
    this.metrics.shard(shard).consumed += 1;
    if (message.fields.redelivered) this.metrics.redelivered += 1;
    const route = parseRoutingKey(message.fields.routingKey);
    if (!route)
      return void this.poison(shard, message, 'routing_key', `routing key '${message.fields.routingKey}' is not feed.<provider>.<sport>.<match>`, null);
    let value: unknown;
    try {
      value = JSON.parse(message.content.toString('utf8'));
    } catch (error) {
      return void this.poison(shard, message, 'invalid_json', `not JSON: ${(error as Error).message}`, route.matchId);
    }
    // The ingest route's checks, compiled (TypeBox's interpreted Check + Clean cost ~1 ms a message).
    const checked = checkFeedMessage(value);
    if (!checked.ok) return void this.poison(shard, message, 'schema', checked.reason, route.matchId);
    let buffer = this.buffers.get(route.matchId);
    if (!buffer) {
      buffer = { items: [], timer: null };
      this.buffers.set(route.matchId, buffer);
    }
    buffer.items.push({ message, feed: checked.message, shard, trace: contextOfHeaders(message.properties.headers) });
    // While the match's previous batch runs, messages gather: it takes them all when it ends.
    if (this.chains.has(route.matchId)) return;
    if (buffer.items.length >= this.batchMax) this.flush(route.matchId);
    else buffer.timer ??= setTimeout(() => this.flush(route.matchId), this.batchMs);
  }

  /**
   * Ingests the match's buffered messages (up to batchMax) as one batch, then whatever gathered
   * meanwhile, at once: a match's batches run one at a time, in delivery order, and grow with
   * the backlog instead of queueing up small ones.
   */
  private flush(matchId: number): void {
    const buffer = this.buffers.get(matchId);
    if (!buffer?.items.length || this.chains.has(matchId)) return;
    if (buffer.timer) clearTimeout(buffer.timer);
    buffer.timer = null;
    const items = buffer.items.splice(0, this.batchMax);
    if (!buffer.items.length) this.buffers.delete(matchId);
    const run = this.process(matchId, items)
      .catch((error: Error) => this.log('error', 'batch failed', { matchId, err: error.message }))
      .then(() => {
        this.chains.delete(matchId);
        this.flush(matchId);
      });
    this.chains.set(matchId, run);
  }

  /**
   * A batch in a CONSUMER span (docs/tracing.md), retries included: the child of its first
   * message's trace, linked to the other traces of its messages.
   */
  private process(matchId: number, items: Pending[]): Promise<void> {
    const [first, ...rest] = items;
    const attributes = {
      'messaging.system': 'rabbitmq',
      'messaging.operation.type': 'process',
      'messaging.destination.name': first!.shard,
      'messaging.batch.message_count': items.length,
      'odds.match_id': matchId,
    };
    return spans.run(`process ${first!.shard}`, { kind: SpanKind.CONSUMER, parent: first!.trace, links: rest.map((item) => item.trace), attributes }, () =>
      this.ingest(matchId, items),
    );
  }

  private async ingest(matchId: number, items: Pending[], failures = 0): Promise<void> {
    if (failures === 0) this.metrics.batch(items.length);
    try {
      const reply = await this.options.engine.ingest(
        matchId,
        items.map((i) => i.feed),
      );
      this.metrics.offers += reply.offers;
      this.ack(items);
    } catch (error) {
      if (clientError(error) === null) return this.retry(matchId, items, error as Error, failures);
      if (items.length === 1) {
        const kind: Kind = clientError(error) === 404 ? 'unknown_match' : 'rejected';
        return this.poison(items[0]!.shard, items[0]!.message, kind, (error as Error).message, matchId);
      }
      // One of them is poison: take them one by one, in order, so the others go through.
      for (const [at, item] of items.entries()) {
        try {
          this.metrics.offers += (await this.options.engine.ingest(matchId, [item.feed])).offers;
          this.ack([item]);
        } catch (single) {
          if (clientError(single) === null) return this.retry(matchId, items.slice(at), single as Error, failures);
          await this.poison(item.shard, item.message, clientError(single) === 404 ? 'unknown_match' : 'rejected', (single as Error).message, matchId);
        }
      }
    }
  }

  private ack(items: Pending[]): void {
    const now = Date.now();
    for (const { message, shard } of items) {
      this.channel?.ack(message);
      this.metrics.acked += 1;
      const published = Number(message.properties.headers?.['x-published-ms'] ?? (message.properties.timestamp ?? 0) * 1000);
      const s = this.metrics.shard(shard);
      if (published > 0) s.lagMs = now - published;
      s.lastAt = now;
    }
  }

  /**
   * A batch that failed for a reason other than its messages (the database away, a deadlock) is
   * ingested again in place, after 1 s doubling to 30 s, while the match's later messages wait
   * behind it: putting it back on its queue would let them overtake it (they are already here), and
   * an offer decided after a later one is stale. A worker that is stopping gives them back instead
   * (its channel's close returns them, in order, to the next owner).
   */
  private async retry(matchId: number, items: Pending[], error: Error, failures: number): Promise<void> {
    if (this.stopping) return this.requeue(items, error);
    this.log('warn', 'batch not ingested; trying again', { matchId, count: items.length, err: error.message });
    this.metrics.requeued += items.length;
    await new Promise((resolve) => setTimeout(resolve, backoffDelay(failures + 1, { baseMs: 1_000, maxMs: 30_000 })));
    return this.ingest(matchId, items, failures + 1);
  }

  private requeue(items: Pending[], error: Error): void {
    this.log('warn', 'batch not ingested; back on its queue', { count: items.length, err: error.message });
    this.metrics.requeued += items.length;
    // A moment before the broker hands them out again (the database may be restarting).
    setTimeout(() => {
      for (const { message } of items) this.channel?.nack(message, false, true);
    }, 1_000).unref();
  }

  /** Moves a message to the dead-letter queue with its reason (confirmed, recorded), then acks it. */
  private async poison(shard: string, message: ConsumeMessage, kind: Kind, reason: string, matchId: number | null): Promise<void> {
    const routingKey = message.fields.routingKey;
    this.log('warn', 'message dead-lettered', { kind, reason, routingKey, shard });
    try {
      this.dead!.sendToQueue(this.names.dead, message.content, {
        persistent: true,
        contentType: message.properties.contentType,
        headers: { ...message.properties.headers, 'x-reason': reason, 'x-kind': kind, 'x-routing-key': routingKey, 'x-shard': shard },
      });
      await this.dead!.waitForConfirms();
      await this.options.db.insert(deadLetters).values({
        kind,
        reason,
        routingKey,
        shard,
        matchId,
        body: message.content.toString('utf8').slice(0, 4096),
        headers: message.properties.headers ?? {},
      });
    } catch (error) {
      return this.requeue([{ message, shard } as Pending], error as Error);
    }
    this.metrics.dead(kind, reason, routingKey);
    this.channel?.ack(message);
    this.metrics.acked += 1;
  }

  /** Stops consuming, ingests and acks what it holds, waits for sends, and closes. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    for (const timer of this.timers) clearTimeout(timer);
    const channel = this.channel;
    if (channel) for (const tag of this.consumers) await channel.cancel(tag).catch(() => {});
    for (const matchId of [...this.buffers.keys()]) this.flush(matchId);
    // Each batch's end starts the match's next one: wait until none is left.
    while (this.chains.size) await Promise.all([...this.chains.values()]);
    await this.options.engine.drain();
    await this.dead?.close().catch(() => {});
    await channel?.close().catch(() => {});
    await this.connection?.close().catch(() => {});
  }

  /** Batches held or running (for /healthz). */
  get busy(): number {
    return this.buffers.size + this.chains.size;
  }
}
