import { context, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { ATTR_ERROR_TYPE, ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE, ATTR_URL_PATH } from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { contextOfHeaders, traceHeaders, traceIds } from './spans';

export interface RequestSpanOptions {
  /** The instrumentation scope of the spans (`@odds/relay`, `@odds/upstream`). */
  scope: string;
  /** Which requests get a span (every one by default). */
  traced?: (request: FastifyRequest) => boolean;
}

/** The span of each request traced, with its context (the request's parent for what it calls). */
const held = new WeakMap<FastifyRequest, { span: Span; context: Context }>();

/**
 * One SERVER span per request of `app` (or of the encapsulated scope it is called in): named
 * `METHOD /route/:template`, a child of the `traceparent` the request carries (a remote parent),
 * with the method, route, path and status of the HTTP conventions; a 5xx or an aborted request
 * marks it failed. The route's handler runs inside it, so the spans of what it calls are its
 * children, and the request's log lines carry its trace ids (the reply's summary line too).
 * Routes must be registered after this call (their handlers are wrapped as they are added).
 */
export function traceRequests(app: FastifyInstance, { scope, traced = () => true }: RequestSpanOptions): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!traced(request)) return done();
    const route = request.routeOptions.url;
    const span = trace.getTracer(scope).startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: { [ATTR_HTTP_REQUEST_METHOD]: request.method, [ATTR_URL_PATH]: request.url.split('?')[0], ...(route && { [ATTR_HTTP_ROUTE]: route }) },
      },
      contextOfHeaders(request.headers),
    );
    // Tracing off (the API's no-op tracer): nothing to hold.
    if (!trace.isSpanContextValid(span.spanContext())) return done();
    const spanContext = trace.setSpan(context.active(), span);
    held.set(request, { span, context: spanContext });
    const ids = traceIds(spanContext);
    if (ids) request.log = reply.log = request.log.child(ids);
    done();
  });
  /** The request's span, taken to be ended (once: an aborted request may still answer). */
  const ending = (request: FastifyRequest) => {
    const span = held.get(request)?.span;
    held.delete(request);
    return span;
  };
  app.addHook('onResponse', (request, reply, done) => {
    const span = ending(request);
    if (span) {
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR }).setAttribute(ATTR_ERROR_TYPE, String(reply.statusCode));
      span.end();
    }
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    ending(request)?.setStatus({ code: SpanStatusCode.ERROR, message: 'the client went away' }).setAttribute(ATTR_ERROR_TYPE, 'aborted').end();
    done();
  });
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (this: FastifyInstance, request, reply) {
      const within = held.get(request)?.context;
      return within ? context.with(within, handler, this, request, reply) : handler.call(this, request, reply);
    };
  });
}

/** The `traceparent` (and `tracestate`) of a request's span, to forward with it; none when it is not traced. */
export function requestTraceHeaders(request: FastifyRequest): Record<string, string> {
  const within = held.get(request)?.context;
  return within ? traceHeaders(within) : {};
}
