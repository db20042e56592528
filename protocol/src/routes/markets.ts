import { Type } from 'typebox';
import { IdParam, ListQuery, ListReply } from '../common';
import { Market, MarketMetaInput, MarketType, RuleSet } from '../entities/market';
import { ProviderSportParams } from './catalog';
import { defineRoute } from './define';

export const marketRoutes = {
  markets: defineRoute({
    method: 'GET',
    path: '/api/1/:p/:s/markets',
    service: 'control',
    summary: "A provider's markets of a sport, with their settings (the Markets screen).",
    params: ProviderSportParams,
    query: Type.Object({ ...ListQuery, q: Type.Optional(Type.String({ maxLength: 200 })) }),
    reply: ListReply(Market),
  }),
  marketMetaSave: defineRoute({
    method: 'POST',
    path: '/api/1/core/:p/:s/market/:marketId',
    service: 'control',
    summary: "Save a market's settings (minutes, delay, thresholds); returns the market.",
    params: Type.Object({ p: IdParam, s: IdParam, marketId: IdParam }),
    body: MarketMetaInput,
    reply: Market,
  }),
  marketTypes: defineRoute({
    method: 'GET',
    path: '/api/1/core/:s/marketypes',
    service: 'control',
    summary: 'Market types of a sport with their outcome keys and evaluators.',
    params: Type.Object({ s: IdParam }),
    reply: ListReply(MarketType),
  }),
  rules: defineRoute({
    method: 'GET',
    path: '/api/1/:p/:s/rules',
    service: 'content',
    summary: "A provider's rule sets of a sport: which markets content may be delivered for.",
    params: ProviderSportParams,
    reply: ListReply(RuleSet),
  }),
};
