import { CHANNEL_IDS, DEVICE_CHANNEL_CODES, type Contact } from '@odds/protocol';
import { channelCode } from './contactForm';

type Destinations = Pick<Contact, 'channel_id' | 'device_id' | 'segment' | 'list_id' | 'email' | 'twitter'>;

/**
 * What the contacts list shows as a contact's destination (SPEC §2): channel 1 its device id, else
 * segment, else list id; channel 2 its email; channel 3 its twitter. WhatsApp and Telegram contacts
 * carry the same three fields as push (the form shows them), so they show the same way.
 */
export function contactDestination(contact: Destinations): string {
  if (contact.channel_id === CHANNEL_IDS.email) return contact.email ?? '';
  if (contact.channel_id === CHANNEL_IDS.twitter) return contact.twitter ?? '';
  const code = channelCode(contact.channel_id);
  if (contact.channel_id === CHANNEL_IDS.push || (code && (DEVICE_CHANNEL_CODES as readonly string[]).includes(code))) {
    return contact.device_id || contact.segment || contact.list_id || '';
  }
  return '';
}
