import { CHANNELS, type ChannelCode, type Consent } from '@odds/protocol';
import type { Refusal } from '../rate-limit';

const nameOf = (code: ChannelCode) => CHANNELS.find((c) => c.code === code)?.name ?? code;

/**
 * NO_CONSENT, CONSENT_WITHDRAWN: a person contact's marketing consent for its channel. A
 * withdrawal refuses wherever it is recorded, on the contact or at the sportsbook (an objection to
 * direct marketing is absolute); a consent given at either sends; none recorded refuses when the
 * provider says so (`consentRequired`, on for providers created in production).
 */
export function consentRefusal(channel: ChannelCode, stored: readonly Consent[], sourceSays: boolean | undefined, consentRequired: boolean): Refusal | null {
  const consent = stored.find((c) => c.channel === channel);
  if (consent?.status === 'WITHDRAWN')
    return { reason: 'CONSENT_WITHDRAWN', detail: `marketing consent for ${nameOf(channel)} withdrawn on ${consent.at.slice(0, 10)} (${consent.source})` };
  if (sourceSays === false) return { reason: 'CONSENT_WITHDRAWN', detail: `the sportsbook says the customer has not opted in to ${nameOf(channel)} marketing` };
  if (sourceSays === true || consent?.status === 'GIVEN' || !consentRequired) return null;
  return { reason: 'NO_CONSENT', detail: `no marketing consent recorded for ${nameOf(channel)} (the provider requires one)` };
}
