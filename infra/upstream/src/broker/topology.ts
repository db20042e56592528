import type { Channel } from 'amqplib';

/**
 * The broker's shape (docs/scaling-out.md):
 * Names are under AMQP_PREFIX (default `odds`):
 * - `odds.feed`: topic exchange feeds publish to, routing key `feed.<provider>.<sport>.<match>`
 *   (ids, e.g. `feed.1.1.208`), so a consumer may bind to one provider (`feed.1.#`) or sport;
 * - `odds.shards`: consistent-hash exchange bound to `odds.feed` with `#`: it hashes the routing
 *   key, so every message of a match lands in the same shard queue, in publishing order;
 * - `odds.shard.<n>` (n < ENGINE_SHARDS): quorum queues (durable, replicated where there is a
 *   cluster) with single-active-consumer: one worker consumes a shard at a time, another waits
 *   and takes over when it dies;
 * - `odds.dead`: quorum queue of poison messages, each with its `x-reason`.
 */
export interface Topology {
  feed: string;
  shards: string;
  dead: string;
  shard(n: number): string;
}

/** The names, under AMQP_PREFIX (default `odds`; several consoles, or test suites, may share a broker). */
export function topologyNames(prefix = 'odds'): Topology {
  return { feed: `${prefix}.feed`, shards: `${prefix}.shards`, dead: `${prefix}.dead`, shard: (n) => `${prefix}.shard.${n}` };
}

export interface FeedRoute {
  providerId: number;
  sportId: number;
  matchId: number;
}

export const routingKey = ({ providerId, sportId, matchId }: FeedRoute) => `feed.${providerId}.${sportId}.${matchId}`;

/** The route a routing key names, or null when it is not `feed.<provider>.<sport>.<match>`. */
export function parseRoutingKey(key: string): FeedRoute | null {
  const match = /^feed\.(\d{1,9})\.(\d{1,9})\.(\d{1,9})$/.exec(key);
  return match ? { providerId: Number(match[1]), sportId: Number(match[2]), matchId: Number(match[3]) } : null;
}

/** Declares the exchanges and queues (idempotent: publishers and workers all do it on connect). */
export async function assertTopology(channel: Channel, shards: number, names: Topology = topologyNames()): Promise<void> {
  await channel.assertExchange(names.feed, 'topic', { durable: true });
  await channel.assertExchange(names.shards, 'x-consistent-hash', { durable: true });
  await channel.bindExchange(names.shards, names.feed, '#');
  for (let n = 0; n < shards; n += 1) {
    await channel.assertQueue(names.shard(n), { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-single-active-consumer': true } });
    // The binding key of a consistent-hash exchange is the shard's weight.
    await channel.bindQueue(names.shard(n), names.shards, '1');
  }
  await channel.assertQueue(names.dead, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
}
