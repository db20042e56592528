import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { BrokerIngest, readDeadLetters } from '../broker/ingest';
import { matchFeedEvents, matchLiveState, matchSuppressions } from '../reads/match';
import { implement } from '../http/implement';
import { runBacktest } from '../thresholds/backtest';
import type { RouteDeps } from './deps';

/** The live engine's calls: ingest, reset, backtest, and a match's live state, events and suppressions. */
export async function engineRoutes(app: FastifyInstance, { db, broker: settings = null }: RouteDeps) {
  const { engine } = app;

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
}
