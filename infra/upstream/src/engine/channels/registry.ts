import type { TObject } from 'typebox';
import type { ChannelField } from '@odds/protocol';
import type { ChannelAdapter, ChannelPace, Recipient } from './adapter';
import { apnsAdapter, ApnsCredentials, checkApns } from './apns';
import { checkFcm, fcmAdapter, FcmCredentials } from './fcm';
import { checkWhatsapp, checkX, overFlat, rateOf, TelegramForm, telegramOf, WhatsappForm, whatsappOf, XForm, xOf } from './messaging-credentials';
import { TELEGRAM_PACE, telegramAdapter } from './telegram';
import { WHATSAPP_PACE, whatsappAdapter } from './whatsapp';
import { X_PACE, xAdapter } from './x';

/**
 * Every vendor a provider can configure credentials for, by vendor id. Registering one is one
 * entry: its adapter, its credentials schema (TypeBox; a field with `secret: true` is write-only,
 * `multiline: true` a key file's text), the setting naming its API's base URL and the vendor's real
 * host, and its default pace. Routing (index.ts) names the vendor a contact goes to; the
 * Dispatcher, the credentials routes and `npm run channels:fake` read the rest from here.
 */
export interface VendorEntry {
  adapter: ChannelAdapter<never>;
  credentials: TObject;
  /** As people call it, for the Settings screen. */
  name: string;
  /** The contact channels (codes) it sends for. */
  channels: string[];
  baseUrl: { setting: string; default: string };
  /** A second endpoint (FCM's OAuth token URL). */
  tokenUrl?: { setting: string; default: string };
  /** The setting naming a PEM file of extra CAs to trust (a staging fake's certificate). */
  caFileSetting?: string;
  /** Messages per second per app, bot or number (CHANNEL_RATES overrides). */
  rate: number;
  /** What the recipient an admin names for "Send test" is (`topic:<name>` names a topic for any vendor that has them). */
  recipientKind: Recipient['kind'];
  /**
   * The pace of one recipient where the vendor keeps one (a Telegram chat or group, a WhatsApp
   * number): the bucket's name within the sender's and its messages per second; null: none.
   */
  recipientPace?: (recipient: Recipient) => { key: string; rate: number } | null;
  /** A message naming what is wrong with credentials the schema accepted (a key that is not one), or null. */
  check?: (credentials: never) => string | null;
}

const perSecond = (rate: { messages: number; perMs: number }) => (rate.messages * 1000) / rate.perMs;

/** Telegram: a negative chat id is a group or channel (20 a minute), any other a person's chat (1 a second). */
const telegramRecipient = (pace: ChannelPace) => (recipient: Recipient) =>
  recipient.value.startsWith('-') && pace.perGroup
    ? { key: `group:${recipient.value}`, rate: perSecond(pace.perGroup) }
    : pace.perRecipient
      ? { key: `chat:${recipient.value}`, rate: perSecond(pace.perRecipient) }
      : null;

/** WhatsApp: one number's pace (a message per 6 s). */
const phoneRecipient = (pace: ChannelPace) => (recipient: Recipient) =>
  pace.perRecipient ? { key: `to:${recipient.value.replace(/^\+/, '')}`, rate: perSecond(pace.perRecipient) } : null;

const entry = <C>(
  adapter: ChannelAdapter<C>,
  credentials: TObject,
  rest: Omit<VendorEntry, 'adapter' | 'credentials' | 'check'> & { check?: (c: C) => string | null },
) => ({ adapter, credentials, ...rest }) as unknown as VendorEntry;

export const VENDORS: Readonly<Record<string, VendorEntry>> = Object.fromEntries(
  [
    entry(fcmAdapter, FcmCredentials, {
      name: 'Firebase Cloud Messaging (Android, web)',
      channels: ['PUSH'],
      baseUrl: { setting: 'FCM_API_URL', default: 'https://fcm.googleapis.com' },
      tokenUrl: { setting: 'FCM_TOKEN_URL', default: 'https://oauth2.googleapis.com/token' },
      rate: 500,
      recipientKind: 'device',
      check: checkFcm,
    }),
    entry(apnsAdapter, ApnsCredentials, {
      name: 'Apple Push Notification service (iOS)',
      channels: ['PUSH'],
      baseUrl: { setting: 'APNS_API_URL', default: 'https://api.push.apple.com' },
      caFileSetting: 'APNS_CA_FILE',
      rate: 500,
      recipientKind: 'device',
      check: checkApns,
    }),
    entry(overFlat(telegramAdapter, telegramOf), TelegramForm, {
      name: 'Telegram bot',
      channels: ['TELEGRAM'],
      baseUrl: { setting: 'TELEGRAM_API_URL', default: 'https://api.telegram.org' },
      rate: rateOf(TELEGRAM_PACE),
      recipientPace: telegramRecipient(TELEGRAM_PACE),
      recipientKind: 'chat',
    }),
    entry(overFlat(whatsappAdapter, whatsappOf), WhatsappForm, {
      name: 'WhatsApp Business (Cloud API)',
      channels: ['WHATSAPP'],
      baseUrl: { setting: 'WHATSAPP_API_URL', default: 'https://graph.facebook.com' },
      rate: rateOf(WHATSAPP_PACE),
      recipientPace: phoneRecipient(WHATSAPP_PACE),
      recipientKind: 'phone',
      check: checkWhatsapp,
    }),
    entry(overFlat(xAdapter, xOf), XForm, {
      name: 'X (posts as the brand)',
      channels: ['TWITTER'],
      baseUrl: { setting: 'X_API_URL', default: 'https://api.x.com' },
      rate: rateOf(X_PACE),
      recipientKind: 'handle',
      check: checkX,
    }),
  ].map((e) => [e.adapter.vendor, e]),
);

/** The form of a vendor's credentials, from its schema: what the Settings screen draws. */
export function fieldsOf(entry: VendorEntry): ChannelField[] {
  const required = new Set((entry.credentials.required as string[] | undefined) ?? []);
  return Object.entries(entry.credentials.properties).map(([name, schema]) => {
    const s = schema as { title?: string; description?: string; secret?: boolean; multiline?: boolean };
    return {
      name,
      label: s.title ?? name,
      secret: s.secret === true,
      required: required.has(name),
      multiline: s.multiline === true,
      description: s.description ?? null,
    };
  });
}
