import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { backoffDelay } from '@odds/ops';

const connect = (url: string) => createClient({ url, socket: { reconnectStrategy: (retries) => backoffDelay(retries + 1, { baseMs: 100, maxMs: 2_000 }) } });
export type RedisClient = ReturnType<typeof connect>;

export interface RedisConnections {
  /** Commands: leases, live state, presence, publishing. */
  commands: RedisClient;
  /** Subscriptions only (a subscribed connection cannot run other commands): the socket.io adapter and `/live` fan-out. */
  subscriber: RedisClient;
  close(): Promise<void>;
}

/**
 * The relay's two Redis connections. node-redis reconnects by itself; errors are logged rather
 * than thrown, so a Redis restart degrades the live path instead of crashing the relay.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisConnections> {
  const commands = connect(url);
  const subscriber = commands.duplicate();
  for (const [name, client] of [
    ['commands', commands],
    ['subscriber', subscriber],
  ] as const) {
    client.on('error', (error: Error) => log.warn({ err: error, connection: name }, 'redis connection error'));
  }
  await Promise.all([commands.connect(), subscriber.connect()]);
  return {
    commands,
    subscriber,
    async close() {
      // A graceful close waits for pending replies; an unreachable Redis never sends them.
      const closed = Promise.allSettled([commands.close(), subscriber.close()]);
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      for (const client of [commands, subscriber]) if (client.isOpen) client.destroy();
    },
  };
}
