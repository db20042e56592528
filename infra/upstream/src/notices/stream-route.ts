import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { routes, type ChangeNotice } from '@odds/protocol';
import { implement } from '../http/implement';

/** Comment line that keeps idle proxies from closing a change stream. */
const HEARTBEAT_MS = 15_000;

/**
 * The change stream (GET /api/1/changes): the notices of this process's bus as server-sent
 * events, each with its id (a relay back after a drop resumes with Last-Event-ID), a heartbeat
 * comment every 15 s. Relays read it with protocol's readChangeStream.
 */
export async function changeStreamRoutes(app: FastifyInstance) {
  const { engine } = app;
  const streams = new Set<ServerResponse>();
  // Open change streams would keep the server from closing; end them first (the engine plugin then finishes the sends).
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  implement(app, routes.changes, async ({ query, request, reply, user }) => {
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // An operator granted some providers only (a relay following the stream with such a console's
    // token) hears the sessions' notices and those naming its providers, no other.
    const granted = user.provider_ids;
    const sessionNotice = (notice: ChangeNotice) => !!notice.revoked_tokens?.length || !!notice.access_changed?.length;
    const visible = (notice: ChangeNotice) => !granted || sessionNotice(notice) || (notice.provider_id !== undefined && granted.includes(notice.provider_id));
    const wanted = (notice: ChangeNotice) => visible(notice) && (query.match_id === undefined || notice.match_id === query.match_id || sessionNotice(notice));
    const send = (notice: ChangeNotice) => {
      if (wanted(notice)) stream.write(`id: ${engine.bus.eventId(notice)}\nevent: change\ndata: ${JSON.stringify(notice)}\n\n`);
    };
    // A relay back after a drop resumes where it was; after a restart of this process (an id of
    // another life) it gets every notice held, those the outbox published at start included.
    const lastSeen = request.headers['last-event-id'];
    const missed = engine.bus.resume(typeof lastSeen === 'string' ? lastSeen : undefined).filter(wanted);
    // With nothing to replay, the first message still says where the subscriber stands (an id
    // without data is no event): one that has heard nothing yet resumes from here all the same.
    stream.write(`retry: 2000\n: connected\n${missed.length ? '' : `id: ${engine.bus.eventId()}\n`}\n`);
    for (const notice of missed) send(notice);
    const unsubscribe = engine.bus.subscribe(send);
    const heartbeat = setInterval(() => stream.write(': ping\n\n'), HEARTBEAT_MS);
    streams.add(stream);
    stream.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(stream);
    });
    // The stream was hijacked: Fastify sends nothing more.
    return undefined as unknown as ChangeNotice;
  });
}
