import type { DeliveryLog, DeliveryStats } from '@odds/protocol';

/**
 * The narrow interface between the engine's sending (dispatch.ts) and one vendor's API: every
 * vendor adapter (FCM, APNs, Telegram, WhatsApp, X, the signed webhook, SMTP) is a file of its own
 * under channels/ that turns one `ChannelMessage` into one call of its vendor's documented wire
 * format and the vendor's answer into one `ChannelOutcome`. Nothing above an adapter knows a
 * vendor's format; nothing in an adapter knows the database.
 */

/** Where one message goes, as the contact names it for its channel. */
export interface Recipient {
  /**
   * - `device`: one device token (FCM registration token, APNs device token);
   * - `topic`: many devices at once (an FCM topic from the contact's segment or list);
   * - `chat`: a Telegram chat id (a user, a group or a channel);
   * - `phone`: a WhatsApp number (E.164 digits);
   * - `handle`: the brand's own X account (a post, not a direct message);
   * - `url`: a webhook receiver; `email`: a mailbox.
   */
  kind: 'device' | 'topic' | 'chat' | 'phone' | 'handle' | 'url' | 'email';
  value: string;
}

/** One send to one recipient: the same on every attempt of a delivery. */
export interface ChannelMessage {
  deliveryId: number;
  /** Stable across attempts (`delivery-{id}`): vendors that drop repeats are given it. */
  idempotencyKey: string;
  matchId: number;
  marketId: number;
  /** The contact's language of this delivery (en, da, ...). */
  language: string;
  recipient: Recipient;
  /** The compiled text: subject (a push's title), body, call to action. */
  log: DeliveryLog;
  /** A live price is worthless after this moment: vendors that can expire a message are told. */
  expiresAtMs: number;
  /** A newer message with the same key replaces an older one not yet shown (per match and market). */
  collapseKey: string;
  /** The call to action as a tracked link on our own domain, where one was made; else null. */
  link: string | null;
  /**
   * The content's image as an absolute http(s) URL, where it has one (vendors that send a picture
   * with a caption use it: Telegram's sendPhoto); absent or null: text only.
   */
  imageUrl?: string | null;
  /** The whole delivery as JSON, for receivers that take it as it is (webhooks). */
  payload: Record<string, unknown>;
}

/**
 * What became of one call, in the vendor's error taxonomy mapped to what the sender does next.
 * `error` is shown to operators: it says what happened in the vendor's terms ("FCM UNREGISTERED",
 * "Telegram 429 retry after 7 s") and never echoes an internal host, port, secret or response body.
 */
export type ChannelOutcome =
  /**
   * Accepted by the vendor; `vendorId` is its message id (Telegram message_id, WhatsApp wamid, tweet id...).
   * `newRecipient`: the vendor moved the recipient and the adapter sent to its new address (a
   * Telegram group upgraded to a supergroup has a new chat id): the framework updates the contact.
   */
  | { kind: 'sent'; vendorId?: string | null; stats?: DeliveryStats | null; newRecipient?: Recipient }
  /** Transient for this message (5xx, timeout, connection lost): retried on the policy's schedule or at `retryAfterMs`. */
  | { kind: 'retry'; error: string; retryAfterMs?: number | null }
  /** The app, bot, number or account is over its vendor's rate: the whole channel pauses for `retryAfterMs`, this message is retried after it. */
  | { kind: 'backoff'; error: string; retryAfterMs: number }
  /** The vendor refused this message for good (bad payload, duplicate content, template refused): no retry. */
  | { kind: 'failed'; error: string }
  /** The recipient no longer exists (token unregistered, bot blocked, chat gone): no retry, and the contact is deactivated with the reason. */
  | { kind: 'gone'; error: string }
  /** The credentials are wrong or revoked: no retry, and the channel shows "failing" with the error to admins. */
  | { kind: 'misconfigured'; error: string };

/** What an adapter needs besides the message: its vendor's base URL (a setting) and a clock. */
export interface AdapterContext {
  /** The vendor API's base URL (default the vendor's real host; tests and staging point it at a local fake). */
  baseUrl: string;
  /** A second endpoint some vendors have (FCM's OAuth token URL: FCM_TOKEN_URL); else undefined. */
  tokenUrl?: string;
  /** Extra CA certificates (PEM) to trust for the vendor's TLS, besides the system's (APNS_CA_FILE: a staging fake's). */
  ca?: string | null;
  /** Aborts the call at the sender's timeout. */
  signal: AbortSignal;
  now: () => number;
  /**
   * Where an adapter keeps credentials its vendor rotates (X's OAuth 2.0 pair), shared by every
   * sender of the deployment (the database's: x-tokens.ts); absent: the adapter's own, in memory.
   */
  tokens?: TokenStore;
}

/** An OAuth access token and the refresh token that renews it, as a vendor that rotates them last gave them. */
export interface RotatingTokens {
  accessToken: string;
  refreshToken: string;
  /** When the access token stops working (epoch ms); null: unknown (the one an admin entered). */
  expiresAtMs: number | null;
}

/** Rotating tokens, keyed by the sign-in they renew. */
export interface TokenStore {
  get(key: string): Promise<RotatingTokens | null>;
  /**
   * Renews once for every sender sharing the store: `renew` runs in one place at a time per key,
   * with the pair as stored (or `spent` when none is); a sender that finds the stored pair already
   * other than `spent` (someone renewed since it read) gets that pair without calling the vendor.
   */
  renew(
    key: string,
    spent: RotatingTokens,
    renew: (current: RotatingTokens) => Promise<RotatingTokens | ChannelOutcome>,
  ): Promise<RotatingTokens | ChannelOutcome>;
}

/** A vendor's documented pace: at most `messages` in any `perMs` window. */
interface Rate {
  messages: number;
  perMs: number;
}

/**
 * The pace a vendor allows, read by the pacing layer: per sender (the bot, number, app or account
 * the credentials name), per recipient where the vendor counts one, per group where it has groups.
 */
export interface ChannelPace {
  perSender: Rate;
  perRecipient?: Rate;
  perGroup?: Rate;
}

/**
 * One vendor. `Credentials` is the provider's decrypted configuration for this channel (settings
 * and secrets together, as its own TypeBox schema in the adapter's file describes them); an
 * adapter keeps only what it may cache across calls (an OAuth or provider token until it expires).
 */
export interface ChannelAdapter<Credentials> {
  /** The vendor, as stored with a provider's credentials: 'fcm', 'apns', 'telegram', 'whatsapp', 'x', 'webhook', 'smtp'. */
  readonly vendor: string;
  send(message: ChannelMessage, credentials: Credentials, context: AdapterContext): Promise<ChannelOutcome>;
}
