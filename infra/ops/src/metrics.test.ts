import Fastify from 'fastify';
import { Counter } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createRegistry, listenMetrics, observeRequests, scrapeRefusal, serveMetrics } from './metrics';

describe('metrics setup', () => {
  it("gives a registry with prom-client's standard process and Node.js metrics and default labels", async () => {
    const registry = createRegistry({ worker: 'w1' });
    new Counter({ name: 'engine_batches_total', help: 'Batches.', registers: [registry] }).inc(2);
    const text = await registry.metrics();
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(text, name).toMatch(new RegExp(`^${name}\\{worker="w1"\\} [\\d.e+-]+$`, 'm'));
    }
    expect(text).toMatch(/^engine_batches_total\{worker="w1"\} 2$/m);
  });

  it('serves /metrics on a Fastify app, with route timings and the scrape token', async () => {
    const app = Fastify();
    const registry = createRegistry();
    observeRequests(app, registry, 'svc');
    serveMetrics(app, registry, { token: 'scrape-me' });
    app.get('/things/:id', async () => ({ ok: true }));
    await app.inject('/things/1');
    await app.inject('/things/2');
    expect((await app.inject('/metrics')).statusCode).toBe(401);
    expect((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const reply = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-me' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/plain');
    expect(reply.body).toMatch(/^svc_http_request_duration_seconds_count\{method="GET",route="\/things\/:id",status="200"\} 2$/m);
    await app.close();
  });

  it('serves /metrics on a port of its own for a process without an HTTP server', async () => {
    const server = await listenMetrics(createRegistry({ worker: 'w2' }), 0);
    const { port } = server.address() as { port: number };
    try {
      const reply = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(reply.status).toBe(200);
      expect(await reply.text()).toMatch(/^process_resident_memory_bytes\{worker="w2"\} \d+$/m);
      const other = await fetch(`http://127.0.0.1:${port}/other`);
      expect(other.status).toBe(404);
      expect(await other.json()).toMatchObject({ message: 'Only GET /metrics is served here' });
    } finally {
      server.close();
    }
  });

  it('lets every process scrape by one rule: the bearer token when one is set, else loopback only', () => {
    expect(scrapeRefusal(undefined, '127.0.0.1', {})).toBeNull();
    expect(scrapeRefusal(undefined, '::1', {})).toBeNull();
    expect(scrapeRefusal(undefined, '::ffff:127.0.0.1', {})).toBeNull();
    expect(scrapeRefusal(undefined, '10.0.0.7', {})).toMatchObject({ status: 403, body: { message: expect.stringContaining('set METRICS_TOKEN') } });
    expect(scrapeRefusal('Bearer scrape-me', '10.0.0.7', { token: 'scrape-me' })).toBeNull();
    expect(scrapeRefusal('Bearer scrape-m', '127.0.0.1', { token: 'scrape-me' })).toMatchObject({ status: 401 });
    expect(scrapeRefusal(undefined, '127.0.0.1', { token: 'scrape-me' })).toMatchObject({ status: 401 });
  });
});
