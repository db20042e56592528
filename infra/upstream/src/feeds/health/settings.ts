import type { Environment } from '@odds/ops';

/** Feed health settings (docs/configuration.md, docs/feeds-uof.md). */
export interface FeedHealthSettings {
  /** A live match with no feed message for this long is stalled (FEED_STALL_S, default 60). */
  stallAfterS: number;
}

export const feedHealthSettings = (env: Pick<Environment, 'FEED_STALL_S'>): FeedHealthSettings => ({ stallAfterS: env.FEED_STALL_S });
