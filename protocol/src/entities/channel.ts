import { Type, type Static } from 'typebox';
import { Id } from '../common';

/**
 * Delivery channels (SPEC §1). Ids 1 push, 2 email, 3 twitter and the codes EMAIL, TWITTER, PUSH,
 * WHATSAPP, TELEGRAM are the spec's; the spec names the feed, content, customer-engagement API and
 * sports-data API channels without ids or codes, so ids 4 to 9 (in the spec's order) and the codes
 * FEED, CONTENT, ENGAGEMENT_API and SPORTS_DATA_API are decided here.
 */
export const CHANNELS = [
  { id: 1, code: 'PUSH', name: 'Push notification' },
  { id: 2, code: 'EMAIL', name: 'Email' },
  { id: 3, code: 'TWITTER', name: 'Twitter' },
  { id: 4, code: 'FEED', name: 'Feed' },
  { id: 5, code: 'CONTENT', name: 'Content' },
  { id: 6, code: 'ENGAGEMENT_API', name: 'Customer engagement API' },
  { id: 7, code: 'WHATSAPP', name: 'WhatsApp' },
  { id: 8, code: 'SPORTS_DATA_API', name: 'Sports data API' },
  { id: 9, code: 'TELEGRAM', name: 'Telegram' },
] as const;

export const CHANNEL_IDS = { push: 1, email: 2, twitter: 3 } as const;
export const DEFAULT_CHANNEL_ID = 1;

export const ChannelCode = Type.Enum(CHANNELS.map((channel) => channel.code));
export type ChannelCode = Static<typeof ChannelCode>;

/** A channel id a request may carry. */
export const ChannelId = Type.Integer({ minimum: 1, maximum: CHANNELS.length });

export const Channel = Type.Object({ id: Id, name: Type.String(), code: ChannelCode });
export type Channel = Static<typeof Channel>;

/** Channels whose contacts are reached by device id, segment or list id (SPEC §2 Contacts form). */
export const DEVICE_CHANNEL_CODES = ['PUSH', 'WHATSAPP', 'TELEGRAM'] as const satisfies readonly ChannelCode[];
