import { CHANNELS, type DeliveryLog, type DeliveryStats } from '@odds/protocol';
import type { ContactInfo } from '../match-state';
import type { Recipient } from './adapter';
import { isApnsToken } from './apns';
import { sandboxPushReport } from './push-report';

/**
 * How a delivery reaches its contact (docs/channels.md "Routing"):
 * - `webhook`: the contact's destination (device id, segment or list id, in that order) is an
 *   http(s) URL: the delivery is POSTed to it (any channel but email and twitter);
 * - `smtp`: an EMAIL contact with an address, when an SMTP server is configured (SMTP_URL);
 * - `vendor`: a vendor API of the contact's channel for which its provider has credentials: PUSH
 *   to a device token goes to APNs when the provider has APNs configured and the token is an APNs
 *   token (64 hex digits), else to FCM; PUSH to a segment or list goes to its FCM topic; TELEGRAM
 *   to the chat id in the device id; WHATSAPP to `mobile` (else the device id); TWITTER to the
 *   brand's handle on X;
 * - `unconfigured`: such a vendor, but the provider has no credentials for it, or an EMAIL
 *   contact with an address and no SMTP server (vendor `smtp`): a suppression
 *   (CHANNEL_NOT_CONFIGURED), except in the embedded demo (recorded; pushes with simulated figures);
 * - `record`: nothing to send to (no destination, or a channel without a vendor API: feed,
 *   content, sports-data API, customer engagement without a URL): RECORDED.
 */
export type ChannelRoute =
  | { kind: 'webhook'; url: string }
  | { kind: 'smtp'; to: string }
  | { kind: 'vendor'; vendor: string; recipient: Recipient }
  | { kind: 'unconfigured'; vendor: string }
  | { kind: 'record' };

/** What a provider can reach: an SMTP server, and the vendors it has credentials for. */
export interface Reach {
  smtp: boolean;
  vendors: ReadonlySet<string>;
}

const isUrl = (value: string | null | undefined) => typeof value === 'string' && /^https?:\/\/\S+$/i.test(value);
const NONE: ReadonlySet<string> = new Set();

/** The vendor and recipient a contact's channel names, before credentials are asked about; null when none. */
function vendorOf(code: string, contact: ContactInfo, vendors: ReadonlySet<string>): { vendor: string; recipient: Recipient } | null {
  switch (code) {
    case 'PUSH':
      if (contact.deviceId)
        return { vendor: vendors.has('apns') && isApnsToken(contact.deviceId) ? 'apns' : 'fcm', recipient: { kind: 'device', value: contact.deviceId } };
      if (contact.segment || contact.listId) return { vendor: 'fcm', recipient: { kind: 'topic', value: (contact.segment || contact.listId)! } };
      return null;
    case 'TELEGRAM':
      return contact.deviceId ? { vendor: 'telegram', recipient: { kind: 'chat', value: contact.deviceId } } : null;
    case 'WHATSAPP': {
      const phone = contact.mobile || contact.deviceId;
      return phone ? { vendor: 'whatsapp', recipient: { kind: 'phone', value: phone } } : null;
    }
    case 'TWITTER':
      return contact.twitter ? { vendor: 'x', recipient: { kind: 'handle', value: contact.twitter } } : null;
    default:
      return null;
  }
}

/** `reach` as a boolean is the older form: an SMTP server configured, no vendor credentials. */
export function routeFor(contact: ContactInfo, reach: Reach | boolean): ChannelRoute {
  const { smtp, vendors } = typeof reach === 'boolean' ? { smtp: reach, vendors: NONE } : reach;
  const code = CHANNELS.find((c) => c.id === contact.channelId)?.code ?? 'PUSH';
  // An address but no mail server is a channel not configured, as a vendor without credentials is.
  if (code === 'EMAIL') return !contact.email ? { kind: 'record' } : smtp ? { kind: 'smtp', to: contact.email } : { kind: 'unconfigured', vendor: 'smtp' };
  if (code !== 'TWITTER') {
    const url = [contact.deviceId, contact.segment, contact.listId].find(isUrl);
    if (url) return { kind: 'webhook', url };
  }
  const target = vendorOf(code, contact, vendors);
  if (!target) return { kind: 'record' };
  return vendors.has(target.vendor) ? { kind: 'vendor', ...target } : { kind: 'unconfigured', vendor: target.vendor };
}

/** Stats a recorded delivery starts with where figures are simulated (the embedded demo): the sandbox report for pushes, none (N/A) otherwise. */
export function recordedStats(contact: ContactInfo, deliveryKey: string, sentAtMs: number, nowMs: number): DeliveryStats | null {
  if (contact.channelId !== 1) return null;
  return sandboxPushReport(contact, deliveryKey, sentAtMs, nowMs);
}

/** An email's text: the body, then the call to action (its tracked link in place of a URL, where one was made). */
export function mailText(log: DeliveryLog, link: string | null = null): string {
  return [log.body, link ?? log.cta].filter(Boolean).join('\n\n');
}
