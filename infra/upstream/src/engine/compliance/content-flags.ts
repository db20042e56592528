import type { ContentFlag } from '@odds/protocol';
import type { Refusal } from '../rate-limit';
import type { ContentInfo } from '../match-state';

/** Whether a content may go to a recipient whose jurisdiction forbids `forbidden`. */
export const allowedContent = (forbidden: ReadonlySet<ContentFlag>) => (content: Pick<ContentInfo, 'flags'>) =>
  !(content.flags ?? []).some((flag) => forbidden.has(flag));

/**
 * JURISDICTION_CONTENT: the recipient had a text only in content its jurisdiction forbids (the
 * allowed content for the same outcome was tried first, and there was none).
 */
export function forbiddenRefusal(jurisdiction: string, forbidden: ReadonlySet<ContentFlag>): Refusal {
  return {
    reason: 'JURISDICTION_CONTENT',
    detail: `content not allowed in ${jurisdiction}: ${[...forbidden].join(', ')} ${forbidden.size === 1 ? 'is' : 'are'} forbidden there, and no allowed content has a text for this offer`,
  };
}
