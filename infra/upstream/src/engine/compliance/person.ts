import { CHANNELS, type SuppressionKind } from '@odds/protocol';
import type { ContactInfo } from '../match-state';

const codeOf = (channelId: number) => CHANNELS.find((c) => c.id === channelId)?.code ?? 'PUSH';
const isUrl = (value: string | null | undefined) => !!value && /^https?:\/\//i.test(value);

/**
 * Whether a contact names one person (docs/compliance.md "Person or many"): an email address; a
 * push device token (not a segment, list or topic); a WhatsApp number; a Telegram chat with one
 * user (a positive chat id: groups and channels are negative or @names). A segment, a list, a
 * group chat, the brand's X handle, a webhook and the data-feed channels name many: their
 * members' consent is their platform's job.
 */
export function isPerson(contact: Pick<ContactInfo, 'channelId' | 'email' | 'deviceId' | 'mobile' | 'segment' | 'listId'>): boolean {
  const code = codeOf(contact.channelId);
  if (isUrl(contact.deviceId) || isUrl(contact.segment) || isUrl(contact.listId)) return false;
  switch (code) {
    case 'EMAIL':
      return !!contact.email;
    case 'PUSH':
      return !!contact.deviceId;
    case 'WHATSAPP':
      return !!(contact.mobile ?? contact.deviceId);
    case 'TELEGRAM':
      return !!contact.deviceId && /^\d+$/.test(contact.deviceId.trim());
    default:
      return false;
  }
}

/** The channel's code, as consents name it. */
export const channelCode = codeOf;

/** The values of a contact a suppression list may hold (normalised as hashes are: email lower-case, phone digits). */
export function personalValues(contact: Pick<ContactInfo, 'email' | 'deviceId' | 'mobile'> & { customerRef: string | null }): [SuppressionKind, string][] {
  const values: [SuppressionKind, string][] = [];
  if (contact.customerRef) values.push(['CUSTOMER_REF', contact.customerRef]);
  if (contact.deviceId) values.push(['DEVICE', contact.deviceId]);
  if (contact.mobile) values.push(['PHONE', contact.mobile]);
  if (contact.email) values.push(['EMAIL', contact.email]);
  return values;
}
