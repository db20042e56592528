import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { routes, type ChangeNotice } from '@odds/protocol';
import { BrokerIngest, readDeadLetters } from '../broker/ingest';
import { matchFeedEvents, matchLiveState, matchSuppressions } from '../reads/match';
import { implement } from '../http/implement';
import { runBacktest } from '../thresholds/backtest';
import type { RouteDeps } from './deps';

/** Comment line that keeps idle proxies from closing a change stream. */
const HEARTBEAT_MS = 15_000;

/** The live engine's calls: ingest, reset, backtest, the change stream, and a match's live state, events and suppressions. */
export async function engineRoutes(app: FastifyInstance, { db, broker: settings = null }: RouteDeps) {
  const { engine } = app;
  const streams = new Set<ServerResponse>();
  // Open change streams would keep the server from closing; end them first (the engine plugin then finishes the sends).
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  // With AMQP_URL the feed goes through the broker to the engine workers (docs/scaling-out.md).
  const broker = settings ? new BrokerIngest(settings, db) : null;
  if (broker) app.addHook('onClose', async () => broker.close());
  implement(app, routes.ingest, async ({ params, body }) => (broker ?? engine).ingest(params.matchId, body.messages));

  implement(app, routes.deadLetters, async ({ query }) => readDeadLetters(db, query.limit ?? 20, broker ? 'broker' : 'embedded'));

  implement(app, routes.engineReset, async ({ params }) => ({ success: true, deleted: await engine.reset(params.matchId) }));

  implement(app, routes.backtest, async ({ body }) => runBacktest(db, body, Date.now()));

  implement(app, routes.matchLiveState, async ({ params }) => matchLiveState(db, params.matchId));

  implement(app, routes.matchFeedEvents, async ({ params, query }) => matchFeedEvents(db, params.matchId, query));

  implement(app, routes.matchSuppressions, async ({ params, query }) => matchSuppressions(db, params.matchId, query));

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
