import { Type } from 'typebox';
import { DB_INT_MAX, ListReply } from '../common';
import { SEARCH_DEFAULT_LIMIT, SearchResult, SearchType } from '../entities/search';
import { ProviderSportParams } from './catalog';
import { defineRoute } from './define';

export const searchRoutes = {
  search: defineRoute({
    method: 'GET',
    path: '/api/1/:p/:s/search',
    service: 'event store',
    summary: "The top bar's search over a provider's leagues or teams; sorted by name by default.",
    params: ProviderSportParams,
    query: Type.Object({
      q: Type.String({ minLength: 1, maxLength: 200 }),
      type: Type.Optional(SearchType),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: SEARCH_DEFAULT_LIMIT })),
      offset: Type.Optional(Type.Integer({ minimum: 0, maximum: DB_INT_MAX, default: 0 })),
      order_by: Type.Optional(Type.String({ maxLength: 64, default: 'name' })),
    }),
    reply: ListReply(SearchResult),
  }),
};
