/**
 * A bench's broker topology under its own AMQP_PREFIX (topology.ts): removed when the run that
 * declared it is over, as its database is dropped, so a broker that serves bench after bench holds
 * only what is running. Each shard is a quorum queue, which keeps about three file handles open:
 * the scale bench declares 13 prefixes of 9 queues a run.
 */
import { connectBroker, topologyNames } from '@odds/upstream/testing';
import { onCleanup } from './bench-cleanup';

/** Registers the removal of `prefix`'s exchanges and queues with the bench's cleanup; answers that step. */
export function removesTopology(amqpUrl: string, prefix: string, shards: number): () => Promise<void> {
  return onCleanup(`the broker's ${prefix}.* queues and exchanges`, async () => {
    const connection = await connectBroker(amqpUrl);
    try {
      const channel = await connection.createChannel();
      const names = topologyNames(prefix);
      for (let n = 0; n < shards; n += 1) await channel.deleteQueue(names.shard(n));
      await channel.deleteQueue(names.dead);
      await channel.deleteExchange(names.shards);
      await channel.deleteExchange(names.feed);
    } finally {
      await connection.close();
    }
  });
}
