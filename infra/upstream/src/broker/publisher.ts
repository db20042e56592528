import amqp, { type ChannelModel, type ConfirmChannel } from 'amqplib';
import { eq } from 'drizzle-orm';
import type { FeedMessage } from '@odds/protocol';
import type { Db } from '../db/client';
import { matches } from '../db/schema';
import { Errors } from '../errors';
import { assertTopology, routingKey, shardsFrom, topologyNames, type FeedRoute } from './topology';

/**
 * Publishes feed messages to the broker (AMQP_URL): one AMQP message per feed message, persistent,
 * on a confirm channel, so `publish` resolves only once the broker has them (written to the quorum
 * queue). Used by the ingest route and `feed:replay` in broker mode.
 */
export class FeedPublisher {
  private readonly exchange = topologyNames().feed;

  private constructor(private readonly connection: ChannelModel, private readonly channel: ConfirmChannel) {}

  static async connect(url: string, shards = shardsFrom(process.env)): Promise<FeedPublisher> {
    const connection = await amqp.connect(url);
    const channel = await connection.createConfirmChannel();
    await assertTopology(channel, shards);
    return new FeedPublisher(connection, channel);
  }

  /** Publishes the messages of one match in order and waits for the broker's confirms. */
  async publish(route: FeedRoute, messages: readonly (FeedMessage | string | Buffer)[]): Promise<void> {
    await this.publishEach(messages.map((message) => ({ route, message })));
  }

  /**
   * Publishes messages of any matches, each as an AMQP message of its own, in this order, then
   * waits once for all their confirms (many overlapping waits cost the client far more).
   */
  async publishEach(items: readonly { route: FeedRoute; message: FeedMessage | string | Buffer }[]): Promise<void> {
    for (const { route, message } of items) {
      const body = Buffer.isBuffer(message) ? message : Buffer.from(typeof message === 'string' ? message : JSON.stringify(message));
      const ok = this.channel.publish(this.exchange, routingKey(route), body, {
        persistent: true, contentType: 'application/json', timestamp: Math.floor(Date.now() / 1000), headers: { 'x-published-ms': Date.now() },
      });
      if (!ok) await new Promise((resolve) => this.channel.once('drain', resolve));
    }
    await this.channel.waitForConfirms();
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
