import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { parseMarketDescriptions, parseVariantDescriptions } from '../descriptions';
import { buildCatalog, stateAt, type Catalog } from './catalog';
import { limitCalls, type LimitOptions } from './limits';
import type { SnapshotPublisher } from './snapshots';
import { competitorProfileXml, fixtureXml, scheduleXml, summaryXml, tournamentInfoXml } from './sports-xml';
import { document, el, errorDocument } from './xml';

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

interface RecoveryRequest {
  producer: number;
  requestId: number;
  after: number | null;
  nodeId: number | null;
  at: number;
}

export interface StandIn {
  app: FastifyInstance;
  /** Every recovery request it accepted, oldest first. */
  recoveries: RecoveryRequest[];
}

const recorded = (name: string) => readFileSync(new URL(`./recorded/${name}`, import.meta.url), 'utf8');
const LANGUAGE = /^[a-z]{2}(-[a-z]{2,4})?$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Producer {
  id: number;
  path: string;
  windowMinutes: number;
  active: boolean;
}

function producersOf(xml: string): Producer[] {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'producer' });
  const producers = ((parser.parse(xml) as { producers: { producer: Record<string, string>[] } }).producers.producer ?? []).map((p) => ({
    id: Number(p.id),
    path: /\/v1\/([^/]+)\/$/.exec(String(p.api_url))?.[1] ?? '',
    windowMinutes: Number(p.stateful_recovery_window_in_minutes),
    active: String(p.active) === 'true',
  }));
  return producers;
}

export async function buildStandIn(options: StandInOptions): Promise<StandIn> {
  if (!options.tokens.length) throw new Error('the UOF stand-in needs at least one access token');
  const now = options.now ?? Date.now;
  const tokens = new Set(options.tokens);
  const catalog = options.catalog ?? buildCatalog();
  const producersXml = recorded('producers.xml');
  const producers = producersOf(producersXml);
  const marketsXml = recorded('markets_en.xml');
  const variantsXml = recorded('variants_en.xml');
  const markets = new Map(parseMarketDescriptions(marketsXml).map((m) => [m.id, m]));
  const variants = new Map(parseVariantDescriptions(variantsXml).map((v) => [v.id, v]));
  const recoveries: RecoveryRequest[] = [];
  const pending = new Set<NodeJS.Timeout>();

  const app = Fastify({ logger: options.logger ?? false });
  const xml = (reply: FastifyReply, status: number, body: string) => reply.status(status).type('application/xml; charset=utf-8').send(body);
  const refuse = (reply: FastifyReply, status: 400 | 403 | 404, message: string) =>
    xml(reply, status, errorDocument({ 400: 'BAD_REQUEST', 403: 'FORBIDDEN', 404: 'NOT_FOUND' }[status], message, new Date(now())));

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
  const alives =
    options.aliveEveryMs && options.snapshots?.alive
      ? setInterval(() => {
          for (const producer of producers.filter((p) => p.active))
            options.snapshots!.alive!({ product: producer.id, timestamp: now() }).catch((error: unknown) =>
              app.log.error({ err: error }, 'alive not published'),
            );
        }, options.aliveEveryMs)
      : null;
  app.addHook('onClose', async () => {
    if (alives) clearInterval(alives);
    for (const timer of pending) clearTimeout(timer);
    await options.snapshots?.close();
  });
  app.setNotFoundHandler((request, reply) => refuse(reply, 404, `No such resource: ${request.url.split('?')[0]}`));

  type Lang = { Params: { lang: string } };
  const language = (lang: string, reply: FastifyReply) => {
    if (!LANGUAGE.test(lang)) refuse(reply, 404, `Unknown language '${lang}'.`);
    return LANGUAGE.test(lang);
  };

  app.get('/v1/users/whoami.xml', async (_request, reply) =>
    xml(
      reply,
      200,
      document(
        el('bookmaker_details', {
          response_code: 'OK',
          bookmaker_id: 1,
          virtual_host: '/unifiedfeed/1',
          expire_at: new Date(now() + 365 * 86_400_000).toISOString(),
        }),
      ),
    ),
  );
  app.get('/v1/descriptions/producers.xml', async (request, reply) =>
    xml(reply, 200, producersXml.replaceAll('{api}', `${request.protocol}://${request.host}`)),
  );
  // The descriptions are recorded in English; other languages get the same names.
  app.get<Lang>('/v1/descriptions/:lang/markets.xml', async (request, reply) => (language(request.params.lang, reply) ? xml(reply, 200, marketsXml) : reply));
  app.get<Lang>('/v1/descriptions/:lang/variants.xml', async (request, reply) => (language(request.params.lang, reply) ? xml(reply, 200, variantsXml) : reply));
  app.get<{ Params: { lang: string; id: string; variant: string } }>('/v1/descriptions/:lang/markets/:id/variants/:variant', async (request, reply) => {
    if (!language(request.params.lang, reply)) return reply;
    const market = markets.get(Number(request.params.id));
    const variant = variants.get(request.params.variant);
    if (!market || !variant) return refuse(reply, 404, `No variant ${request.params.variant} of market ${request.params.id}.`);
    const outcomes = el(
      'outcomes',
      {},
      variant.outcomes.map((o) => el('outcome', { id: o.id, name: o.name })),
    );
    return xml(
      reply,
      200,
      document(el('market_descriptions', { response_code: 'OK' }, [el('market', { id: market.id, name: market.name, variant: variant.id }, [outcomes])])),
    );
  });

  type Urn = { Params: { lang: string; urn: string } };
  const event = (urn: string, reply: FastifyReply) => {
    const found = catalog.byEvent.get(urn) ?? null;
    if (!found) refuse(reply, 404, `Content not found: no sport event ${urn}.`);
    return found;
  };
  app.get<Urn>('/v1/sports/:lang/sport_events/:urn/fixture.xml', async (request, reply) => {
    const found = language(request.params.lang, reply) && event(request.params.urn, reply);
    return found ? xml(reply, 200, fixtureXml(found, new Date(now()))) : reply;
  });
  app.get<Urn>('/v1/sports/:lang/sport_events/:urn/summary.xml', async (request, reply) => {
    const found = language(request.params.lang, reply) && event(request.params.urn, reply);
    return found ? xml(reply, 200, summaryXml(found, new Date(now()))) : reply;
  });
  app.get<Lang>('/v1/sports/:lang/schedules/live/schedule.xml', async (request, reply) => {
    if (!language(request.params.lang, reply)) return reply;
    const at = new Date(now());
    const live = catalog.events.filter((e) => stateAt(e, at.getTime()).status === 'live');
    return xml(reply, 200, scheduleXml(live, at));
  });
  app.get<{ Params: { lang: string; date: string } }>('/v1/sports/:lang/schedules/:date/schedule.xml', async (request, reply) => {
    if (!language(request.params.lang, reply)) return reply;
    const { date } = request.params;
    if (!DATE.test(date) || Number.isNaN(Date.parse(date))) return refuse(reply, 400, `Not a date: '${date}' (YYYY-MM-DD).`);
    return xml(
      reply,
      200,
      scheduleXml(
        catalog.events.filter((e) => e.start.toISOString().startsWith(date)),
        new Date(now()),
      ),
    );
  });
  app.get<Urn>('/v1/sports/:lang/tournaments/:urn/info.xml', async (request, reply) => {
    if (!language(request.params.lang, reply)) return reply;
    const { urn } = request.params;
    const season = urn === 'sr:tournament:16' ? catalog.seasons.at(-1) : catalog.seasons.find((s) => s.id === urn);
    if (!season) return refuse(reply, 404, `Content not found: no tournament ${urn}.`);
    return xml(reply, 200, tournamentInfoXml(catalog, season, new Date(now())));
  });
  app.get<Urn>('/v1/sports/:lang/competitors/:urn/profile.xml', async (request, reply) => {
    if (!language(request.params.lang, reply)) return reply;
    const competitor = catalog.competitors.get(request.params.urn);
    if (!competitor) return refuse(reply, 404, `Content not found: no competitor ${request.params.urn}.`);
    return xml(reply, 200, competitorProfileXml(competitor, new Date(now())));
  });

  app.post<{ Params: { producer: string }; Querystring: Record<string, string | undefined> }>(
    '/v1/:producer/recovery/initiate_request',
    async (request, reply) => {
      const producer = producers.find((p) => p.path === request.params.producer);
      if (!producer) return refuse(reply, 404, `No producer '${request.params.producer}'.`);
      if (!producer.active) return refuse(reply, 403, `Producer ${producer.id} (${producer.path}) is not active for this bookmaker.`);
      const { after, request_id: requestIdText, node_id: nodeText } = request.query;
      const whole = (text: string | undefined) => (text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : null);
      const requestId = whole(requestIdText);
      if (requestId === null) return refuse(reply, 400, `request_id must be a whole number, got '${requestIdText ?? ''}'.`);
      const afterMs = after === undefined ? null : whole(after);
      if (after !== undefined && afterMs === null) return refuse(reply, 400, `after must be a time in milliseconds, got '${after}'.`);
      const nodeId = nodeText === undefined ? null : whole(nodeText);
      if (nodeText !== undefined && nodeId === null) return refuse(reply, 400, `node_id must be a whole number, got '${nodeText}'.`);
      const oldest = now() - producer.windowMinutes * 60_000;
      if (afterMs !== null && afterMs < oldest)
        return refuse(
          reply,
          400,
          `after ${new Date(afterMs).toISOString()} is older than producer ${producer.id}'s recovery window of ${producer.windowMinutes} minutes.`,
        );
      const accepted: RecoveryRequest = { producer: producer.id, requestId, after: afterMs, nodeId, at: now() };
      recoveries.push(accepted);
      const publish = () => {
        pending.delete(timer);
        options.snapshots
          ?.snapshotComplete({ product: producer.id, requestId, nodeId, timestamp: now() })
          .then(() => app.log.info({ producer: producer.id, requestId }, 'snapshot_complete published'))
          .catch((error: unknown) => app.log.error({ err: error, producer: producer.id, requestId }, 'snapshot_complete not published'));
      };
      const timer = setTimeout(publish, options.snapshotDelayMs ?? 500);
      pending.add(timer);
      const since = afterMs === null ? 'full' : `after ${new Date(afterMs).toISOString()}`;
      return xml(
        reply,
        202,
        document(
          el('response', { response_code: 'ACCEPTED' }, [
            el('action', {}, [`Request for ${producer.path} recovery (${since}) with request_id ${requestId} accepted`]),
          ]),
        ),
      );
    },
  );

  return { app, recoveries };
}
