import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { buildCatalog, type Catalog } from './catalog';
import { routeDescriptions } from './description-routes';
import { limitCalls, type LimitOptions } from './limits';
import { readRecorded, type Producer } from './recorded';
import { routeRecovery, type RecoveryRequest } from './recovery-route';
import { replies, type Replies } from './replies';
import type { SnapshotPublisher } from './snapshots';
import { routeSports } from './sports-routes';
import { errorDocument } from './xml';

/**
 * A local stand-in of Sportradar's UOF API (`npm run uof:fake`, docs/feeds-uof.md): producers,
 * market and variant descriptions from the recorded files beside it, the Sports API (fixtures,
 * summaries, schedules, tournaments, competitors) from the real World Cups, and the recovery call,
 * which answers as the vendor does and then publishes `snapshot_complete` with the request's id.
 * Every call needs one of the configured tokens in `x-access-token` (403 otherwise, as the vendor).
 * A simulation for staging, demos and tests: nothing in production talks to it.
 */
export interface StandInOptions {
  /** Access tokens it accepts (at least one). */
  tokens: string[];
  /** The stand-in's clock in ms (what is live, what is refused as too old a recovery). */
  now?: () => number;
  /** Where `snapshot_complete` goes; null: recoveries are accepted and nothing is published. */
  snapshots: SnapshotPublisher | null;
  /** How long after accepting a recovery its snapshot_complete is published. */
  snapshotDelayMs?: number;
  /** Every this many ms, `alive` of each active producer (the vendor's 10 s); absent: none (a replay carries them). */
  aliveEveryMs?: number;
  logger?: FastifyServerOptions['logger'];
  /** The catalog it serves (default: the World Cups); a test changes a fixture in it (moved, cancelled, a team renamed) and the next call serves that. */
  catalog?: Catalog;
  /** Requests per minute per Sports API endpoint: over it, 429 with Retry-After. */
  limits?: LimitOptions['limits'];
  /** Test hook: an error (429, 5xx) to answer a call with instead. */
  fault?: LimitOptions['fault'];
}

export interface StandIn {
  app: FastifyInstance;
  /** Every recovery request it accepted, oldest first. */
  recoveries: RecoveryRequest[];
}

/** The stand-in as the steps of a call meet it: the token and rate checks, then the routes; the caller listens or injects. */
export async function buildStandIn(options: StandInOptions): Promise<StandIn> {
  if (!options.tokens.length) throw new Error('the UOF stand-in needs at least one access token');
  const now = options.now ?? Date.now;
  const catalog = options.catalog ?? buildCatalog();
  const recorded = readRecorded();
  const recoveries: RecoveryRequest[] = [];
  const pending = new Set<NodeJS.Timeout>();

  const app = Fastify({ logger: options.logger ?? false });
  const answers = replies(now);
  guardCalls(app, options, now, answers);
  const alives = publishAlives(app, options, recorded.producers, now);
  app.addHook('onClose', async () => {
    if (alives) clearInterval(alives);
    for (const timer of pending) clearTimeout(timer);
    await options.snapshots?.close();
  });
  app.setNotFoundHandler((request, reply) => answers.refuse(reply, 404, `No such resource: ${request.url.split('?')[0]}`));

  routeDescriptions(app, recorded, answers, now);
  routeSports(app, catalog, answers, now);
  routeRecovery(
    app,
    { producers: recorded.producers, recoveries, pending, snapshots: options.snapshots, snapshotDelayMs: options.snapshotDelayMs, now },
    answers,
  );
  return { app, recoveries };
}

/** Before any route: a call without one of the tokens is refused 403, then the rate limits and a test's faults apply (limits.ts). */
function guardCalls(app: FastifyInstance, options: StandInOptions, now: () => number, { refuse }: Replies): void {
  const tokens = new Set(options.tokens);
  app.addHook('onRequest', async (request, reply) => {
    const token = request.headers['x-access-token'];
    if (typeof token !== 'string' || !tokens.has(token))
      return refuse(reply, 403, 'Access forbidden: the x-access-token header is missing or not a valid token.');
  });
  limitCalls(app, {
    limits: options.limits,
    fault: options.fault,
    now,
    refuse: (status, message, retryAfterS) => ({
      status,
      body: errorDocument(status === 429 ? 'TOO_MANY_REQUESTS' : 'INTERNAL_SERVER_ERROR', message, new Date(now())),
      ...(retryAfterS !== undefined && { retryAfterS }),
    }),
  });
}

/** `alive` of each active producer every `aliveEveryMs`, as the vendor sends them; null when not asked for (or nowhere to publish). */
function publishAlives(app: FastifyInstance, options: StandInOptions, producers: Producer[], now: () => number): NodeJS.Timeout | null {
  return options.aliveEveryMs && options.snapshots?.alive
    ? setInterval(() => {
        for (const producer of producers.filter((p) => p.active))
          options.snapshots!.alive!({ product: producer.id, timestamp: now() }).catch((error: unknown) => app.log.error({ err: error }, 'alive not published'));
      }, options.aliveEveryMs)
    : null;
}
