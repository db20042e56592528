import { fileURLToPath } from 'node:url';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger, LoggerOptions } from 'pino';
import { traceIds } from './spans';

export type LogFormat = 'pretty' | 'json';

/** The variables a log's form is read from (the process's environment, read at start). */
export interface LogSettings {
  LOG_FORMAT?: string;
  NO_COLOR?: string;
}

/**
 * How a process writes its log: `LOG_FORMAT` (json or pretty) when set, else pretty when stdout is
 * a terminal (a person runs `npm start`) and JSON lines when it is piped (a collector reads them).
 */
export function logFormat(env: LogSettings, stdout: { isTTY?: boolean } = process.stdout): LogFormat {
  const asked = (env.LOG_FORMAT ?? '').trim().toLowerCase();
  if (asked === 'json' || asked === 'pretty') return asked;
  if (asked) throw new Error(`LOG_FORMAT must be json or pretty, got '${env.LOG_FORMAT}'`);
  return stdout.isTTY ? 'pretty' : 'json';
}

const PRETTY_TRANSPORT = fileURLToPath(new URL('./pretty-transport.mjs', import.meta.url));

/**
 * pino's mixin of every process: a line logged inside a span (tracing.ts) carries the trace's
 * `trace_id` and `span_id`, so a trace leads to its log lines and back. A logger bound to a span
 * already (a request's, request-spans.ts) keeps its own.
 */
export function traceMixin(_fields: object, _level: number, logger: Pick<Logger, 'bindings'>): object {
  const ids = traceIds();
  return ids && !('trace_id' in logger.bindings()) ? ids : {};
}

/**
 * pino options of one service (`relay`, `upstream`, a worker): its name on every line, the level,
 * the trace ids of the active span (traceMixin), and in pretty format pino-pretty as a transport
 * (a worker thread, so formatting never blocks the event loop) printing one short line per entry.
 * Colours only on a terminal and without NO_COLOR.
 */
export function loggerOptions(service: string, level: string, env: LogSettings, stdout: { isTTY?: boolean } = process.stdout): LoggerOptions {
  const options: LoggerOptions = { name: service, level, mixin: traceMixin };
  if (logFormat(env, stdout) === 'json') return options;
  return { ...options, transport: { target: PRETTY_TRANSPORT, options: { colorize: Boolean(stdout.isTTY) && !env.NO_COLOR } } };
}

/**
 * Fastify's request log lines, short: one line per request, `GET /api/1/matches 200 3.1 ms`, at
 * debug (the relay polls the upstream every second: info is for what a person needs to read),
 * 4xx at info and 5xx or a failed reply at error; nothing when a request comes in.
 * `Fastify({ logController: new ShortRequestLog() })`.
 */
export class ShortRequestLog extends LogController {
  override incomingRequest(): void {}

  /** The request's own line says 404 already. */
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const status = reply.statusCode;
    const level = error || status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
    // Most lines are debug, off in production: nothing is built for them.
    const enabled = (reply.log as { isLevelEnabled?(level: string): boolean }).isLevelEnabled;
    if (enabled && !enabled.call(reply.log, level)) return;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    reply.log[level]({ http: { status, ms }, ...(error && { err: error }) }, `${request.method} ${request.url} ${status} ${ms} ms`);
  }
}
