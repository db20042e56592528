import { Type, type Static } from 'typebox';
import { BoundedString, Nullable, Timestamp } from '../common';
import { ChannelCode } from './channel';

/**
 * Who a contact is, for compliance (docs/compliance.md). A contact that names one person (a device
 * token, a phone number, an email, a chat with one user) carries the sportsbook's customer
 * reference, a jurisdiction, a time zone and a marketing consent per channel; one that names many
 * (a segment, a list, a group chat, the brand's X handle) carries only a jurisdiction and time zone
 * (consent for its members is its platform's job). Contacts from before the compliance migration
 * carry none of it (all null, no consents).
 */

/** ISO 3166-1 alpha-2 country, or country-region (ISO 3166-2 style): GB, US-NJ, CA-ON. */
export const Jurisdiction = Type.String({ pattern: '^[A-Z]{2}(-[A-Z0-9]{1,3})?$', maxLength: 6 });
export type Jurisdiction = Static<typeof Jurisdiction>;

/** An IANA time zone name (Europe/London); the server checks it is one it knows. */
export const TimeZoneName = Type.String({ pattern: '^[A-Za-z]+(/[A-Za-z0-9_+-]+)*$|^UTC$', minLength: 1, maxLength: 64 });

/** Local clock time, 24 h: 22:00. */
export const LocalTime = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });

/** A quiet window in local time; `start` after `end` spans midnight (22:00–08:00). Inclusive of start, exclusive of end. */
export const QuietHours = Type.Object({ start: LocalTime, end: LocalTime });
export type QuietHours = Static<typeof QuietHours>;

export const CONSENT_STATUSES = ['GIVEN', 'WITHDRAWN'] as const;
export const ConsentStatus = Type.Enum(CONSENT_STATUSES);
export type ConsentStatus = Static<typeof ConsentStatus>;

/** Marketing consent for one channel: given or withdrawn, when, and where it was recorded (a sign-up form, an import, the sportsbook). */
export const Consent = Type.Object({
  channel: ChannelCode,
  status: ConsentStatus,
  at: Timestamp,
  source: BoundedString(200, 1),
});
export type Consent = Static<typeof Consent>;

export const ContactCompliance = Type.Object({
  /** The sportsbook's customer reference (the user id its blocks and consents endpoints know). */
  customer_ref: Nullable(BoundedString(128, 1)),
  jurisdiction: Nullable(Jurisdiction),
  time_zone: Nullable(TimeZoneName),
  /** Overrides the jurisdiction's default quiet hours; null: the default. */
  quiet_hours: Nullable(QuietHours),
  consents: Type.Array(Consent, { maxItems: 20 }),
});
export type ContactCompliance = Static<typeof ContactCompliance>;

/** A contact from before the compliance migration, or one that was never given any. */
export const NO_COMPLIANCE: ContactCompliance = { customer_ref: null, jurisdiction: null, time_zone: null, quiet_hours: null, consents: [] };
