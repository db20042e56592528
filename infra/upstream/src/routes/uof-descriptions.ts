import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { Errors } from '../errors';
import { implement } from '../http/implement';
import type { RouteDeps } from './deps';

const NOT_CONFIGURED = 'Vendor market names are unavailable: the UOF API (UOF_API_URL) is not configured. Map markets by their UOF ids.';
const unreachable = (error: unknown) => `Vendor market names are unavailable: ${(error as Error).message}. Map markets by their UOF ids, or try again later.`;

/**
 * The vendor's market descriptions for the Markets screen's UOF mapping (feeds/uof/market-descriptions.ts).
 * Without the UOF API, or when it does not answer, the reply says so (available false, the
 * reason) and the screen works with ids only: a vendor outage is no error of the operator's.
 */
export async function uofMarketDescriptionRoutes(app: FastifyInstance, { uofDescriptions }: RouteDeps) {
  implement(app, routes.uofMarketDescriptions, async ({ request }) => {
    if (!uofDescriptions) return { available: false, reason: NOT_CONFIGURED, results: [] };
    try {
      const markets = await uofDescriptions.markets();
      return { available: true, reason: null, results: [...markets.values()].sort((a, b) => a.id - b.id) };
    } catch (error) {
      request.log.warn({ err: error }, 'UOF market descriptions unavailable');
      return { available: false, reason: unreachable(error), results: [] };
    }
  });

  implement(app, routes.uofMarketVariant, async ({ params, query, request }) => {
    const answer = { market_id: params.uofMarketId, variant: query.variant };
    if (!uofDescriptions) return { ...answer, available: false, reason: NOT_CONFIGURED, outcomes: [] };
    let found: Awaited<ReturnType<typeof uofDescriptions.variant>>;
    try {
      found = await uofDescriptions.variant(params.uofMarketId, query.variant);
    } catch (error) {
      request.log.warn({ err: error }, 'UOF variant description unavailable');
      return { ...answer, available: false, reason: unreachable(error), outcomes: [] };
    }
    if (!found) throw new Errors.NotFound('UOF variant', `${query.variant} of market ${params.uofMarketId}`);
    return { ...answer, available: true, reason: null, outcomes: found.outcomes };
  });
}
