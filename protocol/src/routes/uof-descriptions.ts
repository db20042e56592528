import { Type } from 'typebox';
import { UofMarketDescriptionList, UofVariantId, UofVariantOutcomes } from '../uof-descriptions';
import { defineRoute } from './define';

/** The vendor's market descriptions, for mapping UOF markets by name (docs/feeds-uof.md). */
export const uofDescriptionRoutes = {
  uofMarketDescriptions: defineRoute({
    method: 'GET',
    path: '/api/1/uof/market-descriptions',
    service: 'control',
    summary:
      "Sportradar UOF's market descriptions (names, outcomes, groups, variants); available false with the reason when the UOF API is not configured or does not answer.",
    reply: UofMarketDescriptionList,
  }),
  uofMarketVariant: defineRoute({
    method: 'GET',
    path: '/api/1/uof/market-descriptions/:uofMarketId/variant',
    service: 'control',
    summary: 'The outcomes of one variant of a UOF market (`?variant=sr:exact_goals:5+`); 404 when the vendor has no such variant.',
    params: Type.Object({ uofMarketId: Type.Integer({ minimum: 1, maximum: 1_000_000 }) }),
    query: Type.Object({ variant: UofVariantId }),
    reply: UofVariantOutcomes,
  }),
};
