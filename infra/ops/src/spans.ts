import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';

export { SpanKind, type Context };

interface SpanSettings {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The span's parent: the active context unless given (a message's, a queued job's); null: none, a new trace. */
  parent?: Context | null;
  /** Other contexts the span continues (the other messages of a batch): linked once each, the parent's not. */
  links?: Context[];
}

/** The spans of one part of the console (`@odds/relay`, `@odds/upstream`: the instrumentation scope). */
export interface Spans {
  /**
   * Runs `work` inside a new span, active for everything it calls; the span ends when `work`
   * returns or its promise settles, an error marks it failed (and goes on). Without tracing
   * (tracing.ts) the span is the API's no-op and this costs a few calls.
   */
  run<T>(name: string, settings: SpanSettings, work: (span: Span) => T): T;
}

export function spansOf(scope: string): Spans {
  return {
    run(name, { kind = SpanKind.INTERNAL, attributes, parent: given, links = [] }, work) {
      const parent = given === null ? ROOT_CONTEXT : (given ?? context.active());
      // The tracer is looked up at each span: one kept from the start would stay with the provider of that moment.
      const span = trace.getTracer(scope).startSpan(name, { kind, ...(attributes && { attributes }), links: linksTo(links, parent) }, parent);
      const failed = (error: unknown) => {
        failSpan(span, error);
        span.end();
        throw error;
      };
      try {
        const result = context.with(trace.setSpan(parent, span), work, undefined, span);
        if (!(result instanceof Promise)) {
          span.end();
          return result;
        }
        return result.then((value: unknown) => {
          span.end();
          return value;
        }, failed) as typeof result;
      } catch (error) {
        return failed(error);
      }
    },
  };
}

/** Marks a span failed: with an error, its message and an exception event (its stack); with words, those alone. */
export function failSpan(span: Span, error: unknown): void {
  if (typeof error === 'string') {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error });
    return;
  }
  const err = error instanceof Error ? error : new Error(String(error));
  span.recordException(err);
  span.setStatus({ code: SpanStatusCode.ERROR, message: err.message });
}

function linksTo(contexts: Context[], parent: Context): Link[] {
  if (!contexts.length) return [];
  const seen = new Set([trace.getSpanContext(parent)?.spanId]);
  return contexts.flatMap((linked) => {
    const spanContext = trace.getSpanContext(linked);
    if (!spanContext || !trace.isSpanContextValid(spanContext) || seen.has(spanContext.spanId)) return [];
    seen.add(spanContext.spanId);
    return [{ context: spanContext }];
  });
}

/** The context active here, to continue later from somewhere else (a queued send). */
export const activeContext = (): Context => context.active();

/**
 * The W3C trace headers (`traceparent`, `tracestate`) of `from` (the active context by default),
 * to put on a request or a message: none outside a span, or when tracing is off.
 */
export function traceHeaders(from: Context = context.active()): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(from, headers);
  return headers;
}

/** The context a request's or a message's headers carry (their `traceparent`), a remote parent; none: the root. */
export function contextOfHeaders(headers: Record<string, unknown> | undefined): Context {
  return propagation.extract(ROOT_CONTEXT, headers ?? {}, {
    keys: (carrier) => Object.keys(carrier),
    get: (carrier, key) => {
      const value = carrier[key];
      if (Buffer.isBuffer(value)) return value.toString('utf8');
      return typeof value === 'string' || Array.isArray(value) ? (value as string | string[]) : undefined;
    },
  });
}

/** The active span's ids, for a log line (`trace_id`, `span_id`); none outside a span, or in one not sampled (never exported). */
export function traceIds(from: Context = context.active()): { trace_id: string; span_id: string } | null {
  const spanContext = trace.getSpanContext(from);
  if (!spanContext || !trace.isSpanContextValid(spanContext) || !(spanContext.traceFlags & TraceFlags.SAMPLED)) return null;
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}
