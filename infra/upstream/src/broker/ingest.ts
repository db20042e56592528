import { count, desc } from 'drizzle-orm';
import type { DeadLettersReply, FeedMessage, IngestReply } from '@odds/protocol';
import type { BrokerSettings } from '../config';
import type { Db } from '../db/client';
import { deadLetters } from '../db/schema';
import { FeedPublisher, MatchRoutes } from './publisher';

/**
 * The ingest route in broker mode (AMQP_URL set): the match is checked (404 as before), the
 * messages are published to the feed exchange in order and confirmed by the broker, and the reply
 * counts them as accepted; what they lead to is the workers' (the change stream announces it).
 */
export class BrokerIngest {
  private publisher: Promise<FeedPublisher> | null = null;
  private readonly routes: MatchRoutes;

  constructor(
    private readonly broker: BrokerSettings,
    db: Db,
  ) {
    this.routes = new MatchRoutes(db);
  }

  private connection(): Promise<FeedPublisher> {
    this.publisher ??= FeedPublisher.connect(this.broker.url, this.broker.shards, { prefix: this.broker.prefix }).catch((error: Error) => {
      this.publisher = null;
      throw error;
    });
    return this.publisher;
  }

  async ingest(matchId: number, messages: FeedMessage[]): Promise<IngestReply> {
    const route = await this.routes.of(matchId);
    const publisher = await this.connection();
    try {
      await publisher.publish(route, messages);
    } catch (error) {
      // A broken channel is not reused.
      this.publisher = null;
      await publisher.close();
      throw error;
    }
    return { accepted: messages.length, duplicates: 0, stale: 0, offers: 0, events: 0, firings: 0, deliveries: 0, suppressions: 0 };
  }

  async close(): Promise<void> {
    const publisher = await this.publisher?.catch(() => null);
    this.publisher = null;
    await publisher?.close();
  }
}

/** Counts by kind and the newest dead letters. */
export async function readDeadLetters(db: Db, limit: number, mode: DeadLettersReply['mode']): Promise<DeadLettersReply> {
  const [kinds, last] = await Promise.all([
    db.select({ kind: deadLetters.kind, n: count() }).from(deadLetters).groupBy(deadLetters.kind),
    db.select().from(deadLetters).orderBy(desc(deadLetters.id)).limit(limit),
  ]);
  const byKind = Object.fromEntries(kinds.map((k) => [k.kind, Number(k.n)]));
  return {
    mode,
    total: Object.values(byKind).reduce((a, b) => a + b, 0),
    by_kind: byKind,
    last: last.map((d) => ({
      id: d.id,
      kind: d.kind,
      reason: d.reason,
      routing_key: d.routingKey,
      shard: d.shard,
      match_id: d.matchId,
      body: d.body,
      created_at: d.createdAt.toISOString(),
    })),
  };
}
