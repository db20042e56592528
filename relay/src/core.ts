import fp from 'fastify-plugin';
import type { LiveConfig } from './config';
import { createRelayMetrics, type RelayMetrics } from './metrics';
import { connectRedis, type RedisConnections } from './redis';
import { UpstreamClient } from './upstream';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's id (in logs, request ids and presence). */
    instanceId: string;
    /** The live path's settings (DEFAULT_LIVE_CONFIG and the environment's). */
    liveConfig: LiveConfig;
    /** The relay's one client of the upstream: token checks, live reads, revocations. */
    upstream: UpstreamClient;
    relayMetrics: RelayMetrics;
    /** Redis connections when REDIS_URL is set (adapter, leases, live state), else null. */
    redis: RedisConnections | null;
    /** How many tokens of live connections are tracked for revocation, and a listener of its changes. */
    trackedTokens: TrackedTokens;
  }
}

interface TrackedTokens {
  count: number;
  /** The live plugin holds the change stream while any token is tracked (it carries revocations). */
  onChange?(count: number): void;
}

export interface CoreOptions {
  upstreamUrl: string;
  instanceId: string;
  live: LiveConfig;
}

/**
 * What every other plugin of the relay shares, decorated on the root: the upstream client, the
 * metrics, the Redis connections. Closed last (a parent's onClose runs after its children's), once
 * nothing uses them.
 */
export const relayCore = fp<CoreOptions>(
  async (app, { upstreamUrl, instanceId, live }) => {
    const trackedTokens: TrackedTokens = { count: 0 };
    const upstream = new UpstreamClient(upstreamUrl, undefined, undefined, (count) => {
      trackedTokens.count = count;
      trackedTokens.onChange?.(count);
    });
    const redis = live.redisUrl ? await connectRedis(live.redisUrl, app.log.child({ module: 'relay:redis' })) : null;
    app.decorate('instanceId', instanceId);
    app.decorate('liveConfig', live);
    app.decorate('upstream', upstream);
    app.decorate('relayMetrics', createRelayMetrics());
    app.decorate('redis', redis);
    app.decorate('trackedTokens', trackedTokens);
    app.addHook('onClose', async () => {
      await upstream.close();
      await redis?.close();
    });
  },
  { name: 'relay-core', fastify: '5.x' },
);
