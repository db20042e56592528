import { DEFAULT_PROVIDER_ID } from '@odds/protocol';

/** The query of a provider's list route (contacts, trackers) as its protocol route has it. */
interface ProviderListQuery {
  provider?: number;
  sport?: number;
  start?: number;
  limit?: number;
  order_dir?: 'asc' | 'desc';
}

/**
 * What a provider's list reads: the provider (the default one unless named), the sport only when
 * asked (a record saved for another sport stays visible), paging and direction when given.
 */
export function providerListQuery(query: ProviderListQuery) {
  return {
    providerId: query.provider ?? DEFAULT_PROVIDER_ID,
    ...(query.sport !== undefined && { sportId: query.sport }),
    ...(query.start !== undefined && { start: query.start }),
    ...(query.limit !== undefined && { limit: query.limit }),
    ...(query.order_dir !== undefined && { order_dir: query.order_dir }),
  };
}
