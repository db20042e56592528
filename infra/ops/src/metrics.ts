import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * A Prometheus registry (prom-client) with the standard process and Node.js metrics already in it:
 * CPU, resident memory, open handles, heap spaces, GC and event-loop lag (`process_*`, `nodejs_*`).
 * One per service instance (tests run several in one process); each service adds its own metrics
 * with `registers: [registry]`. `labels` go on every series (a worker's id, say).
 */
export function createRegistry(labels: Record<string, string> = {}): Registry {
  const registry = new Registry();
  registry.setDefaultLabels(labels);
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  return registry;
}

export interface MetricsAccess {
  /** When set, a scrape must send `Authorization: Bearer <token>` (METRICS_TOKEN). */
  token?: string | null;
}

const unauthorized = { statusCode: 401, code: 'UNAUTHORIZED', error: 'Unauthorized', message: 'Authentication required' };
const loopbackOnly = {
  statusCode: 403,
  code: 'FORBIDDEN',
  error: 'Forbidden',
  message: 'Metrics are served on loopback only; set METRICS_TOKEN to scrape from elsewhere',
};

/** The socket's own peer (never `X-Forwarded-For`, which a client writes) is this machine. */
const isLoopback = (address: string | undefined): boolean => !!address && /^(127\.|::1$|::ffff:127\.)/.test(address);

/** The bearer token compared in constant time, so its length and letters do not leak through timing. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Who may scrape, the one rule of every process: with a token (METRICS_TOKEN), whoever sends it as
 * a bearer token; without one, only this machine. Answers the refusal to send, or null to serve.
 */
export function scrapeRefusal(
  authorization: string | undefined,
  peerAddress: string | undefined,
  { token }: MetricsAccess,
): { status: 401 | 403; body: typeof unauthorized } | null {
  if (token) return bearerMatches(authorization, token) ? null : { status: 401, body: unauthorized };
  return isLoopback(peerAddress) ? null : { status: 403, body: loopbackOnly };
}

/**
 * `GET /metrics` on a Fastify app in the text exposition format. `config.public` lets it past an
 * app's own token check (the upstream's: Prometheus has no login): the scrape token, when
 * configured (METRICS_TOKEN), is what guards it; the upstream listens on loopback by default.
 */
export function serveMetrics(app: FastifyInstance, registry: Registry, access: MetricsAccess = {}): void {
  // `hide` keeps it out of an OpenAPI document (@fastify/swagger's flag): it is no API call.
  app.get('/metrics', { config: { public: true }, schema: { hide: true } as FastifySchema }, async (request, reply) => {
    const refusal = scrapeRefusal(request.headers.authorization, request.socket.remoteAddress, access);
    if (refusal) return reply.status(refusal.status).send(refusal.body);
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/**
 * `/metrics` on a port of its own, for a process with no HTTP server (an engine worker):
 * `listenMetrics(createRegistry({ worker: id }), 9464)`. Close the returned server on shutdown.
 */
export async function listenMetrics(registry: Registry, port: number, host = '127.0.0.1', access: MetricsAccess = {}): Promise<Server> {
  const server = createServer((request, response) => {
    if (answerMetrics(request, response, registry, access)) return;
    const json = { statusCode: 404, error: 'Not Found', message: 'Only GET /metrics is served here' };
    response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify(json));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/**
 * `GET /metrics` for a plain node:http server that serves other paths too (an engine worker's
 * health port): answers it and returns true, or returns false for any other request.
 */
export function answerMetrics(request: IncomingMessage, response: ServerResponse, registry: Registry, access: MetricsAccess = {}): boolean {
  if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') return false;
  const refusal = scrapeRefusal(request.headers.authorization, request.socket.remoteAddress, access);
  if (refusal) {
    response.writeHead(refusal.status, { 'content-type': 'application/json' }).end(JSON.stringify(refusal.body));
    return true;
  }
  registry.metrics().then(
    (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
    (error: Error) =>
      response
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: error.message })),
  );
  return true;
}

/**
 * `<service>_http_request_duration_seconds{method,route,status}` for every request an app answers,
 * by route pattern (`/api/1/:p/leagues`), so the series stay few whatever the URLs.
 */
export function observeRequests(app: FastifyInstance, registry: Registry, service: string): void {
  const duration = new Histogram({
    name: `${service}_http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode }, reply.elapsedTime / 1000);
  });
}
