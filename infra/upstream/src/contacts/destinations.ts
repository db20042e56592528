import { checkDestination, DestinationRefused, type DestinationPolicy } from '../engine/channels/destination';
import { Errors } from '../errors';
import type { ContactValues } from './contacts';

const looksLikeUrl = (value: string | null | undefined): value is string => typeof value === 'string' && /^https?:\/\//i.test(value);

/**
 * A contact's destinations that are webhook URLs must be ones a webhook may reach
 * (engine/channels/destination.ts), checked when the contact is saved: a clear 400 naming why,
 * before anything is written. Every URL field is checked, whichever the channel, so a later
 * change of channel cannot turn a stored one into a call; the send checks again.
 */
export async function checkContactDestinations(values: Pick<ContactValues, 'deviceId' | 'segment' | 'listId'>, policy: DestinationPolicy): Promise<void> {
  for (const value of [values.deviceId, values.segment, values.listId].filter(looksLikeUrl)) {
    try {
      await checkDestination(value, policy);
    } catch (error) {
      if (error instanceof DestinationRefused) throw new Errors.BadRequest(error.message);
      throw error;
    }
  }
}
