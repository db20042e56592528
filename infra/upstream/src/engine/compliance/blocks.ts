import type { Refusal } from '../rate-limit';
import type { BlocksAnswer } from './blocks-source';

/**
 * EXCLUDED, BLOCKED, COMPLIANCE_UNAVAILABLE: a person contact of a provider with a blocks source
 * is sent to only when the source answered, in time and in shape, that the customer is neither
 * self-excluded nor blocked. No answer, a wrong one, or no customer reference to ask about is a
 * refusal (fail closed).
 */
export function blocksRefusal(customerRef: string | null, answer: BlocksAnswer | undefined): Refusal | null {
  if (!customerRef)
    return { reason: 'COMPLIANCE_UNAVAILABLE', detail: 'compliance check unavailable: the contact has no customer reference to ask the blocks source about' };
  if (!answer || answer.kind === 'unavailable')
    return {
      reason: 'COMPLIANCE_UNAVAILABLE',
      detail: `compliance check unavailable: ${answer?.error ?? 'the blocks source was not asked'}; a person is not sent to while their blocks cannot be checked`,
    };
  if (answer.excluded !== null) return { reason: 'EXCLUDED', detail: `self-excluded at the sportsbook${answer.excluded ? `: ${answer.excluded}` : ''}` };
  if (answer.blocked !== null) return { reason: 'BLOCKED', detail: `blocked at the sportsbook${answer.blocked ? `: ${answer.blocked}` : ''}` };
  return null;
}
