import type { BrokerSettings, WhatsappWebhookSettings } from '../config';
import type { Db } from '../db/client';
import type { ChannelSettings } from '../engine/channels/settings';
import type { FeedHealthSettings } from '../feeds/health/settings';
import type { MarketDescriptions } from '../feeds/uof/market-descriptions';
import type { SyncSettings } from '../feeds/uof/sync/settings';

/** What every route module receives when registered. */
export interface RouteDeps {
  db: Db;
  /** FEED_STALL_S and friends (feeds/health/settings.ts); the defaults when absent. */
  feedHealth?: FeedHealthSettings;
  /** AMQP_URL…: the feed goes through the broker to the engine workers; null: this process ingests and sends. */
  broker?: BrokerSettings | null;
  /** WHATSAPP_APP_SECRET / WHATSAPP_VERIFY_TOKEN (engine/channels/whatsapp-secrets.ts); none: the webhook is not configured. */
  whatsappWebhook?: WhatsappWebhookSettings | null;
  /** Vendor URLs and the secrets key (engine/channels/settings.ts), for the channel credentials routes. */
  channels?: ChannelSettings;
  /** The vendor's market descriptions (UOF_API_URL); null or absent: the mapping screen has ids only. */
  uofDescriptions?: MarketDescriptions | null;
  /** DEPLOYMENT_TIME_ZONE: the IANA zone "today" is counted in (the Compliance screen); UTC when absent. */
  timeZone?: string;
  /** The catalog sync's settings; null or absent: no process of this configuration syncs (the panel says so). */
  catalogSync?: SyncSettings | null;
}
