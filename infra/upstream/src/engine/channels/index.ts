import { CHANNELS, type DeliveryLog, type DeliveryStats } from '@odds/protocol';
import type { ContactInfo } from '../match-state';
import { sandboxPushReport } from './push-report';

/**
 * How a delivery reaches its contact:
 * - `webhook`: the contact's destination (device id, segment or list id, in that order) is an
 *   http(s) URL: the delivery is POSTed to it (any channel but email and twitter);
 * - `smtp`: an EMAIL contact with an address, when an SMTP server is configured (SMTP_URL);
 * - `record`: every other case (push, twitter, whatsapp, telegram... without a reachable
 *   destination): the delivery is recorded as RECORDED, which is what it was sent as.
 */
export type ChannelRoute = { kind: 'webhook'; url: string } | { kind: 'smtp'; to: string } | { kind: 'record' };

const isUrl = (value: string | null) => value !== null && /^https?:\/\/\S+$/i.test(value);

export function routeFor(contact: ContactInfo, smtpConfigured: boolean): ChannelRoute {
  const code = CHANNELS.find((c) => c.id === contact.channelId)?.code ?? 'PUSH';
  if (code === 'EMAIL') return contact.email && smtpConfigured ? { kind: 'smtp', to: contact.email } : { kind: 'record' };
  if (code === 'TWITTER') return { kind: 'record' };
  const url = [contact.deviceId, contact.segment, contact.listId].find(isUrl);
  return url ? { kind: 'webhook', url } : { kind: 'record' };
}

/** Stats a recorded delivery starts with: the sandbox report for pushes, none (N/A) otherwise. */
export function recordedStats(contact: ContactInfo, deliveryKey: string, sentAtMs: number, nowMs: number): DeliveryStats | null {
  if (contact.channelId !== 1) return null;
  return sandboxPushReport(contact, deliveryKey, sentAtMs, nowMs);
}

/** An email's text: the body, then the call to action. */
export function mailText(log: DeliveryLog): string {
  return [log.body, log.cta].filter(Boolean).join('\n\n');
}
