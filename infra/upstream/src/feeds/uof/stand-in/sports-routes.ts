import type { FastifyInstance, FastifyReply } from 'fastify';
import { stateAt, type Catalog } from './catalog';
import type { Replies } from './replies';
import { competitorProfileXml, fixtureXml, scheduleXml, summaryXml, tournamentInfoXml } from './sports-xml';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Lang = { Params: { lang: string } };
type Urn = { Params: { lang: string; urn: string } };

/** The Sports API from the catalog: fixtures, summaries, schedules (live and by day), tournaments, competitors. */
export function routeSports(app: FastifyInstance, catalog: Catalog, { xml, refuse, language }: Replies, now: () => number): void {
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
}
