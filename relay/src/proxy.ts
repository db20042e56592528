import httpProxy from '@fastify/http-proxy';
import type { FastifyReplyFromHooks } from '@fastify/reply-from';
import fp from 'fastify-plugin';
import { type IncomingHttpHeaders, STATUS_CODES } from 'node:http';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest, HTTPMethods, RawServerBase, RouteGenericInterface } from 'fastify';
import { Agent } from 'undici';
import { routes } from '@odds/protocol';
import { DEFAULTS, requestTraceHeaders, traceRequests } from '@odds/ops';

/** What every failed upstream call answers: never the internal address, never a 500. */
export const UPSTREAM_DOWN_MESSAGE = 'The back-office services cannot be reached; try again in a moment.';
/** An address whose percent-escapes are not UTF-8: nobody down the line can read it. */
export const BAD_ESCAPE_MESSAGE = 'The address holds a malformed percent-escape (such as %ff): escape text as UTF-8.';
/**
 * A write the upstream took too long to answer may still be applied when it resumes: the client is
 * told so, and that a retry with the same Idempotency-Key is applied only once.
 */
export const WRITE_TIMEOUT_MESSAGE =
  'The back-office services did not answer in time: the change may have been saved. Try again; the same save is never applied twice.';

export interface ProxyLimits {
  /** Largest request body forwarded (bytes); above it the relay answers 413 itself. */
  bodyLimit: number;
  /** Larger limit of the routes that take file uploads (multipart in protocol's route table). */
  uploadLimit: number;
  /** Time the upstream has to start answering an ordinary call before the relay answers 504. */
  timeoutMs: number;
  /** The same for the calls that legitimately take long (backtests, feed ingestion, uploads). */
  slowTimeoutMs: number;
}

/** The variables' defaults (infra/ops/src/variables.ts), for a relay built without settings. */
export const DEFAULT_PROXY_LIMITS: ProxyLimits = {
  bodyLimit: DEFAULTS.RELAY_BODY_LIMIT,
  uploadLimit: DEFAULTS.RELAY_UPLOAD_LIMIT,
  timeoutMs: DEFAULTS.UPSTREAM_TIMEOUT_MS,
  slowTimeoutMs: DEFAULTS.UPSTREAM_SLOW_TIMEOUT_MS,
};

/** Routes that may run long at the upstream (whole-match backtests, 1,000-message ingests, uploads). */
const SLOW_ROUTES = [routes.backtest, routes.ingest, ...Object.values(routes).filter((route) => 'multipart' in route && route.multipart)];
/** The change stream stays open for good: only its start is timed (the upstream answers its headers at once). */
const STREAMING_ROUTES = [routes.changes];

/** Headers about one connection (RFC 9110 §7.6.1): never passed from the upstream's reply to the client's. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} kB`);

/**
 * Forwards `/api/1/*` (and nothing else) to the configured upstream with @fastify/http-proxy,
 * passing the request id (and the trace's `traceparent`) on so one call can be followed through both logs. The upstream checks the token.
 *
 * The relay holds its ground in front of it: request bodies are read whole by the relay, up to
 * its own limit (larger on upload routes), so an oversized body gets a 413 from the relay before
 * the upstream sees a byte (no half-sent body, no EPIPE) and slow senders tie up no upstream
 * connection; `Expect: 100-continue` is answered by the relay (Node does) and not passed on; every
 * upstream call is timed. An upstream that refuses connections answers 503, one that accepts and
 * never answers 504, a broken connection 502, each with UPSTREAM_DOWN_MESSAGE.
 */
export interface ProxyOptions {
  limits: ProxyLimits;
}

const PREFIX = '/api/1';

/**
 * One registration of @fastify/http-proxy: routes that share a method, a body limit, an upstream
 * timeout and what is done with the reply. Paths are under PREFIX.
 */
interface Lane {
  methods: HTTPMethods[];
  paths: string[];
  bodyLimit: number;
  /** Time the upstream has to answer (0: not timed). */
  timeout: number;
  /** What happens with the upstream's reply, where more than passing it on (reply-from's onResponse). */
  onResponse?: NonNullable<FastifyReplyFromHooks['onResponse']>;
}

/** The body limit of a lane, read back by the scope's onRoute hook (http-proxy does not pass one to its routes). */
interface LaneConfig {
  proxyBodyLimit: number;
}

/** A request and a reply as reply-from's hooks see them (any kind of Node server). */
type ProxiedRequest = FastifyRequest<RouteGenericInterface, RawServerBase>;
type ProxiedReply = FastifyReply<RouteGenericInterface, RawServerBase>;

const tokenOf = (header: string | undefined) => /^(?:Token|Bearer)\s+(\S{20,200})$/i.exec(header?.trim() ?? '')?.[1] ?? null;
const under = (path: string) => path.slice(PREFIX.length) || '/';

export const proxyPlugin = fp<ProxyOptions>(
  async (scope, { limits }) => {
    const { upstream } = scope;
    // A logout through this relay ends the session's live connections here at once (other instances
    // learn it from the change stream).
    const loggedOut = (token: string, log: FastifyBaseLogger) => {
      const closed = upstream.revocations.revokeToken(token);
      upstream.forgetToken(token);
      if (closed) log.info({ closed }, "logout: closed the session's live connections");
    };
    // The relay's hop of a trace (docs/tracing.md): a span per forwarded call, its `traceparent`
    // sent on to the upstream. The change stream stays open for hours: not a span.
    traceRequests(scope, { scope: '@odds/relay', traced: (request) => !STREAMING_ROUTES.some((route) => route.path === request.routeOptions.url) });
    // One connection pool for every lane. Connections are cheap on loopback; a slow call must never
    // queue the small ones behind it.
    const pool = new Agent({ connections: 128, pipelining: 1, keepAliveTimeout: 4_000 });
    // Closed with the relay once the calls under way have finished; not waited for (a proxied change
    // stream stays open until its client goes).
    scope.addHook('onClose', async () => void pool.close());

    // Bodies are read whole (as bytes, whatever the type) within the route's limit; Fastify answers
    // a declared length over it at once (and closes the connection), a chunked one as it crosses.
    // http-proxy's own parsers (proxyPayloads) would stream the body to the upstream instead.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.addHook('onRoute', (route) => {
      const limit = (route.config as Partial<LaneConfig> | undefined)?.proxyBodyLimit;
      if (limit) route.bodyLimit = limit;
    });

    scope.setErrorHandler(proxyErrorHandler(limits));

    for (const lane of lanes(limits, loggedOut)) {
      await scope.register(httpProxy, {
        upstream: upstream.baseUrl,
        prefix: PREFIX,
        rewritePrefix: PREFIX,
        routes: lane.paths,
        httpMethods: lane.methods,
        // The body parser above reads bodies whole; the upstream's redirects (none today) pass as sent.
        proxyPayloads: false,
        internalRewriteLocationHeader: false,
        undici: pool,
        disableRequestLogging: true,
        config: { proxyBodyLimit: lane.bodyLimit } satisfies LaneConfig,
        preHandler: guard,
        handler,
        replyOptions: {
          timeout: lane.timeout,
          retryDelay,
          rewriteRequestHeaders,
          rewriteHeaders,
          onError,
          ...(lane.onResponse && { onResponse: lane.onResponse }),
        },
      });
    }
    // Tracked links (docs/channels.md "Delivery figures"): offers carry the short public form
    // /t/{id} on the console's own address; the upstream's /api/1/t/{id} counts the open and
    // answers with its redirect, passed on as it is. GET only, no body.
    await scope.register(httpProxy, {
      upstream: upstream.baseUrl,
      prefix: '/t',
      rewritePrefix: `${PREFIX}/t`,
      httpMethods: ['GET'],
      proxyPayloads: false,
      internalRewriteLocationHeader: false,
      undici: pool,
      disableRequestLogging: true,
      preHandler: guard,
      replyOptions: { timeout: limits.timeoutMs, retryDelay, rewriteRequestHeaders, rewriteHeaders, onError },
    });
  },
  { name: 'relay-proxy', fastify: '5.x', dependencies: ['relay-core'], encapsulate: true },
);

/** The scope's error handler: a 413 naming the route's limit for an oversized body, the error's own status below 500, else a logged 500. */
function proxyErrorHandler(limits: ProxyLimits) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit ?? limits.bodyLimit;
      return sendError(reply, 413, 'BODY_TOO_LARGE', `The request is too large: at most ${size(limit)} may be sent here.`);
    }
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'proxy failed');
    return sendError(reply, status, error.code ?? 'ERROR', status === 500 ? 'Something went wrong in the relay; the error has been logged.' : error.message);
  };
}

/** Before any forwarding (http-proxy's preHandler): refuses what nobody down the line could read. */
function guard(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  // A percent-escape that is not UTF-8 (%ff, %C0%AF, a lone surrogate) cannot be read by
  // anyone down the line: said here, not left to throw inside the forwarding.
  if (!decodable(request.url)) return void sendError(reply, 400, 'BAD_ESCAPE', BAD_ESCAPE_MESSAGE);
  // '..' or a backslash could step out of /api/1/ at an upstream that normalises paths.
  const path = request.url.split('?')[0]!;
  if (/(^|\/)\.\.?(\/|$)|\\|%2e%2e|%5c/i.test(path)) return void sendError(reply, 400, 'BAD_PATH', `No such call: ${request.method} ${path}`);
  done();
}

// The body was read whole: it goes on as read, under the client's own content type (with its
// charset or multipart boundary), which reply-from would otherwise re-encode from the parsed body.
// `dest` is the path alone; reply-from passes the query on as the client wrote it.
/** Forwards a request with its body as read, under the client's own content type. */
function handler(request: FastifyRequest, reply: FastifyReply, dest: string, options: FastifyReplyFromHooks) {
  const body = request.body as Buffer | undefined;
  const withBody = body && body.length > 0 && request.method !== 'GET' && request.method !== 'HEAD';
  return reply.from(dest, withBody ? { ...options, body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : options);
}

// What every forward shares, built once (nothing per request beyond the forwarding itself).
/** No retries: a POST must not run twice, and a GET the client may repeat itself. */
const retryDelay = () => null;

/** The headers sent upstream: the client's without `expect`, plus the trace, request id and client address. */
function rewriteRequestHeaders(req: ProxiedRequest, headers: IncomingHttpHeaders) {
  // The relay answered the client's 100-continue itself; undici refuses to send `expect`.
  const { expect: _expect, ...rest } = headers;
  return { ...rest, ...requestTraceHeaders(req as FastifyRequest), 'x-request-id': String(req.id), 'x-forwarded-for': req.ip };
}

// The upstream's own hop-by-hop headers are about the relay's connection to it, not the
// client's: copied, its `connection: keep-alive` overrode a client's `Connection: close`.
/** The upstream's reply headers without its hop-by-hop ones (those listed in its `connection` too). */
function rewriteHeaders(headers: IncomingHttpHeaders) {
  const named = String(headers.connection ?? '')
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name.toLowerCase()) && !named.includes(name.toLowerCase())) kept[name] = value;
  return kept;
}

/** A failed upstream call: logged, and answered 502/503/504 with UPSTREAM_DOWN_MESSAGE (or WRITE_TIMEOUT_MESSAGE for a write that may have landed). */
function onError(failedReply: ProxiedReply, { error }: { error: unknown }) {
  const cause = (error as { cause?: NodeJS.ErrnoException }).cause ?? (error as NodeJS.ErrnoException);
  const status = upstreamFailureStatus(error as FastifyError, cause);
  failedReply.request.log.warn(
    { code: cause?.code ?? (error as FastifyError).code, status, url: failedReply.request.url.split('?')[0] },
    'upstream call failed',
  );
  const write = !['GET', 'HEAD', 'OPTIONS'].includes(failedReply.request.method);
  // A connection refused never reached the upstream; a timeout or a broken connection may have.
  sendError(failedReply, status, 'UPSTREAM_UNAVAILABLE', write && status !== 503 ? WRITE_TIMEOUT_MESSAGE : UPSTREAM_DOWN_MESSAGE);
}

/**
 * The proxy's lanes: the routes that may run long (and the uploads, with their larger limit), the
 * logout (its reply ends the session's live connections here), the change stream (never timed),
 * and everything else under /api/1/, known to protocol or not (the upstream answers unknown calls
 * 404). A route of a lane of its own is matched before the catch-all.
 */
function lanes(limits: ProxyLimits, loggedOut: (token: string, log: FastifyBaseLogger) => void): Lane[] {
  const one = (route: { method: string; path: string }, lane: Omit<Lane, 'methods' | 'paths'>): Lane => ({
    methods: [route.method as HTTPMethods],
    paths: [under(route.path)],
    ...lane,
  });
  return [
    ...[...new Set(SLOW_ROUTES)].map((route) =>
      one(route, { bodyLimit: 'multipart' in route && route.multipart ? limits.uploadLimit : limits.bodyLimit, timeout: limits.slowTimeoutMs }),
    ),
    // A logout that succeeded ends the session's live connections here at once: on its own lane,
    // so no other call pays for the check.
    one(routes.logout, {
      bodyLimit: limits.bodyLimit,
      timeout: limits.timeoutMs,
      onResponse: (request, reply, res) => {
        const token = res.statusCode === 200 ? tokenOf(request.headers.authorization) : null;
        if (token) loggedOut(token, request.log);
        reply.send(res.stream);
      },
    }),
    // undici's one timeout covers headers and body alike: the stream is not timed (it sends a comment every 15 s).
    ...STREAMING_ROUTES.map((route) => one(route, { bodyLimit: limits.bodyLimit, timeout: 0 })),
    // GET routes answer HEAD too (Fastify adds those).
    { methods: ['DELETE', 'GET', 'PATCH', 'POST', 'PUT', 'OPTIONS'], paths: ['/', '/*'], bodyLimit: limits.bodyLimit, timeout: limits.timeoutMs },
  ];
}

/** 503 when nothing answers at the address, 504 when the upstream took too long, 502 when the connection broke. */
function upstreamFailureStatus(error: FastifyError, cause: NodeJS.ErrnoException | undefined): 502 | 503 | 504 {
  const code = cause?.code ?? error.code ?? '';
  if (error.statusCode === 504 || /TIMEOUT/.test(code)) return 504;
  if (
    ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'FST_REPLY_FROM_SERVICE_UNAVAILABLE'].includes(code) ||
    error.statusCode === 503
  )
    return 503;
  return 502;
}

function decodable(url: string): boolean {
  try {
    decodeURIComponent(url);
    return true;
  } catch {
    return false;
  }
}

function sendError(reply: ProxiedReply, status: number, code: string, message: string) {
  if (reply.sent) return reply;
  // A reply-from failure may have copied some upstream headers already; this answer is the relay's own.
  reply.removeHeader('content-length');
  reply.removeHeader('content-encoding');
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ statusCode: status, code, error: STATUS_CODES[status] ?? 'Error', message });
}
