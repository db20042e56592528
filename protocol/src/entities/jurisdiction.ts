import { Type, type Static } from 'typebox';
import { BoundedString, Id, Nullable, Timestamp } from '../common';
import { VersionField } from './audit';
import { Jurisdiction, QuietHours } from './consent';

/**
 * Flags a match content record carries for what its text does; a jurisdiction's rule may forbid
 * any of them (docs/compliance.md "Content not allowed"): urging a specific wager (some US states),
 * boosted odds (Ontario counts them an inducement), a bonus offer.
 */
export const CONTENT_FLAGS = ['call_to_wager', 'boosted_odds', 'bonus'] as const;
export const ContentFlag = Type.Enum(CONTENT_FLAGS);
export type ContentFlag = Static<typeof ContentFlag>;
export const ContentFlags = Type.Array(ContentFlag, { maxItems: CONTENT_FLAGS.length, uniqueItems: true });

/** Most pushes a recipient may get per local calendar day, across all matches. */
const DailyCap = Nullable(Type.Integer({ minimum: 0, maximum: 1000 }));

const ruleFields = {
  /** A country (GB: its regions too, unless they have a rule of their own) or a country-region (US-MA). */
  jurisdiction: Jurisdiction,
  forbidden_flags: ContentFlags,
  /** Default quiet hours of its recipients (a contact may override them); null: none. */
  quiet_hours: Nullable(QuietHours),
  daily_cap: DailyCap,
  note: BoundedString(500),
};

/** One jurisdiction's rules, edited by admins (versioned, audited). */
export const JurisdictionRule = Type.Object({ id: Id, ...VersionField, ...ruleFields, updated_at: Timestamp });
export type JurisdictionRule = Static<typeof JurisdictionRule>;

export const JurisdictionRuleInput = Type.Object({ ...VersionField, ...ruleFields, note: Type.Optional(ruleFields.note) });
export type JurisdictionRuleInput = Static<typeof JurisdictionRuleInput>;
