import type { ContentFlag, QuietHours, SuppressionListReason } from '@odds/protocol';
import type { Refusal } from '../rate-limit';

/**
 * The compliance view of one match (view.ts), as the rules read it: the jurisdiction rules, the
 * provider's source and consent setting, and which of the match's contacts are listed.
 */

export interface JurisdictionRuleInfo {
  jurisdiction: string;
  forbidden: ReadonlySet<ContentFlag>;
  quietHours: QuietHours | null;
  dailyCap: number | null;
}

/** The rule of a jurisdiction: its own (US-MA), else its country's (US); null for none. */
export function ruleFor(rules: ReadonlyMap<string, JurisdictionRuleInfo>, jurisdiction: string | null | undefined): JurisdictionRuleInfo | null {
  if (!jurisdiction) return null;
  return rules.get(jurisdiction) ?? rules.get(jurisdiction.slice(0, 2)) ?? null;
}

export interface Listing {
  reason: SuppressionListReason;
  kind: string;
}

const LISTED_WORDS: Record<SuppressionListReason, string> = {
  EXCLUDED: 'self-excluded',
  BLOCKED: 'blocked',
  OBJECTION: 'objected to direct marketing',
  ERASED: 'erased on request',
  OTHER: 'listed',
};

const KIND_WORDS: Record<string, string> = { CUSTOMER_REF: 'customer reference', DEVICE: 'device token', PHONE: 'phone number', EMAIL: 'email address' };

/** SUPPRESSION_LIST: a value of the contact is on the provider's suppression list. */
export function listedRefusal(listing: Listing | undefined): Refusal | null {
  if (!listing) return null;
  return {
    reason: 'SUPPRESSION_LIST',
    detail: `on the provider’s suppression list (${LISTED_WORDS[listing.reason]}): its ${KIND_WORDS[listing.kind] ?? listing.kind} is listed`,
  };
}
