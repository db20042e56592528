import type { BrokerSettings } from '../config';
import type { Db } from '../db/client';
import type { FeedHealthSettings } from '../feeds/health/settings';

/** What every route module receives when registered. */
export interface RouteDeps {
  db: Db;
  /** FEED_STALL_S and friends (feeds/health/settings.ts); the defaults when absent. */
  feedHealth?: FeedHealthSettings;
  /** AMQP_URL…: the feed goes through the broker to the engine workers; null: this process ingests and sends. */
  broker?: BrokerSettings | null;
}
