import type { FastifyInstance } from 'fastify';
import type { Recorded } from './recorded';
import type { Replies } from './replies';
import { document, el } from './xml';

type Lang = { Params: { lang: string } };

/** The bookmaker's details and the descriptions: producers, markets, variants, one market's variant. */
export function routeDescriptions(app: FastifyInstance, recorded: Recorded, { xml, refuse, language }: Replies, now: () => number): void {
  const { producersXml, marketsXml, variantsXml, markets, variants } = recorded;
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
}
