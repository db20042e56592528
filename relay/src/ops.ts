import fp from 'fastify-plugin';
import { scrapeRefusal } from '@odds/ops';

/**
 * What runs the relay day to day: `/healthz` (liveness, within a second whatever the upstream
 * does), `/readyz` (503 while a dependency does not answer, so a load balancer drains this
 * instance) and `/metrics` (Prometheus). Encapsulated: it shares nothing, it reads the core's
 * and the live path's decorators.
 */
export const opsPlugin = fp(
  async (app) => {
    const { upstream, redis, live, relayMetrics: metrics, liveConfig } = app;
    const log = app.log.child({ module: 'relay:ops' });

    app.get('/healthz', async () => {
      // A short check of its own, and the probe's verdict.
      const fresh = await upstream.health(800);
      const upstreamHealth = {
        status: fresh.status === 'down' || live.probe.last.status === 'down' ? ('down' as const) : ('ok' as const),
        latency_ms: fresh.latency_ms,
      };
      const redisHealth = redis
        ? await redis.commands.ping().then(
            () => 'ok',
            (error: Error) => {
              log.warn({ err: error }, 'redis ping failed');
              return 'down';
            },
          )
        : undefined;
      // Public: reachability only, never the upstream's address or a low-level error text.
      return {
        relay: 'ok',
        upstream: { status: upstreamHealth.status, latency_ms: upstreamHealth.latency_ms },
        live: { ...live.hub.stats(), store: live.store.kind, change_stream: live.streaming(), ...(redisHealth && { redis: redisHealth }) },
        uptime_s: Math.round(process.uptime()),
      };
    });
    // Readiness: the upstream and its database; Redis when configured. /healthz stays liveness.
    app.get('/readyz', async (_request, reply) => {
      const [upstreamReady, redisReady] = await Promise.all([
        upstream.ready(),
        redis
          ? withTimeout(
              redis.commands.ping().then(
                () => true,
                () => false,
              ),
              2_000,
            )
          : Promise.resolve(true),
      ]);
      const checks = { upstream: upstreamReady ? 'ok' : 'down', ...(redis && { redis: redisReady ? 'ok' : 'down' }) };
      const ready = upstreamReady && redisReady;
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
    });
    // With METRICS_TOKEN: that bearer token, from anywhere. Without: loopback peers only (the socket's
    // own address, never X-Forwarded-For), so a relay exposed to a network does not publish them.
    app.get('/metrics', async (request, reply) => {
      const refusal = scrapeRefusal(request.headers.authorization, request.socket.remoteAddress, { token: liveConfig.metricsToken });
      if (refusal) return reply.status(refusal.status).send(refusal.body);
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  },
  { name: 'relay-ops', fastify: '5.x', dependencies: ['relay-core', 'relay-live'], encapsulate: true },
);

/** `promise`, or false when it has not settled within `ms` (a Redis command queued while reconnecting). */
function withTimeout(promise: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
