import { Type, type Static } from 'typebox';
import { BoundedString, DB_INT_MAX, Id, NamedRef, Nullable } from '../common';
import { CHANNELS, Channel, ChannelId } from './channel';
import { LanguageCode, LanguageCodeInput } from './language';
import { VersionField } from './audit';
import { ContactCompliance } from './consent';

const Cap = Nullable(Type.Integer({ minimum: 0, maximum: 100_000 }));

/**
 * Rate limits of a contact (SPEC §3 limiter). Per-period caps exist for periods 1 to 4 (SPEC §9:
 * up to the sport's period count): `market_push_p{N}` per market, `period_push_p{N}` for all markets.
 */
export const ContactLimiter = Type.Object({
  max_market_match_push: Type.Optional(Cap),
  max_match_push: Type.Optional(Cap),
  market_push_p1: Type.Optional(Cap),
  market_push_p2: Type.Optional(Cap),
  market_push_p3: Type.Optional(Cap),
  market_push_p4: Type.Optional(Cap),
  period_push_p1: Type.Optional(Cap),
  period_push_p2: Type.Optional(Cap),
  period_push_p3: Type.Optional(Cap),
  period_push_p4: Type.Optional(Cap),
});
export type ContactLimiter = Static<typeof ContactLimiter>;

/** Fields a contact form edits. Destination fields are null when unused (shown empty, SPEC §3). */
const contactFields = {
  name: BoundedString(200, 1),
  sport_id: Id,
  channel_id: ChannelId,
  active: Type.Boolean(),
  sub_all: Type.Boolean(),
  rate_limited: Type.Boolean(),
  /** Send null, not '', for an empty address. */
  email: Nullable(Type.String({ format: 'email', maxLength: 254 })),
  twitter: Nullable(BoundedString(64)),
  device_id: Nullable(BoundedString(255)),
  segment: Nullable(BoundedString(255)),
  list_id: Nullable(BoundedString(255)),
  mobile: Nullable(Type.String({ pattern: '^\\+?[0-9 ()-]{3,32}$' })),
  raw_filter: Nullable(BoundedString(10_000)),
  rate_limit_minutes: Nullable(Type.Integer({ minimum: 0, maximum: 10_080 })),
  limiter: ContactLimiter,
};

export const Contact = Type.Object({
  id: Id,
  ...VersionField,
  ...contactFields,
  channel: Channel,
  languages: Type.Array(LanguageCode),
  leagues: Type.Array(NamedRef),
  teams: Type.Array(NamedRef),
  /** Why the engine deactivated the contact (its vendor said the recipient is gone: "FCM UNREGISTERED …"); absent otherwise, and once someone activates it again. */
  inactive_reason: Type.Optional(Nullable(Type.String())),
  /** Who the contact is, for compliance (docs/compliance.md); all null for contacts from before it. */
  compliance: ContactCompliance,
  /** When an admin erased the contact's personal data (docs/compliance.md "Erasure"); absent otherwise. */
  erased_at: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
});
export type Contact = Static<typeof Contact>;

/**
 * Body of a contact create or update (SPEC §7 "whole contact record"): the editable fields, with
 * leagues and teams as ids. Which destination a channel needs is checked by the service.
 */
export const ContactInput = Type.Object({
  ...VersionField,
  ...contactFields,
  languages: Type.Array(LanguageCodeInput, { minItems: 1, maxItems: 20, uniqueItems: true }),
  leagues: Type.Array(Id, { maxItems: 1000, uniqueItems: true }),
  teams: Type.Array(Id, { maxItems: 1000, uniqueItems: true }),
  /** Absent: left as it is. */
  compliance: Type.Optional(ContactCompliance),
});
export type ContactInput = Static<typeof ContactInput>;

/**
 * Body of a contact create: the whole record as for an update, but the fields with a SPEC §3 default
 * may be left out (the validator fills the defaults in), and so may the empty ones (destinations
 * and limits become null, subscriptions empty).
 */
export const ContactCreateInput = Type.Object({
  ...ContactInput.properties,
  languages: Type.Optional(Type.Array(LanguageCodeInput, { minItems: 1, maxItems: 20, uniqueItems: true, default: ['en'] })),
  sport_id: Type.Optional(Type.Integer({ minimum: 1, maximum: DB_INT_MAX, default: 1 })),
  channel_id: Type.Optional(Type.Integer({ minimum: 1, maximum: CHANNELS.length, default: 1 })),
  active: Type.Optional(Type.Boolean({ default: true })),
  sub_all: Type.Optional(Type.Boolean({ default: false })),
  rate_limited: Type.Optional(Type.Boolean({ default: false })),
  email: Type.Optional(contactFields.email),
  twitter: Type.Optional(contactFields.twitter),
  device_id: Type.Optional(contactFields.device_id),
  segment: Type.Optional(contactFields.segment),
  list_id: Type.Optional(contactFields.list_id),
  mobile: Type.Optional(contactFields.mobile),
  raw_filter: Type.Optional(contactFields.raw_filter),
  rate_limit_minutes: Type.Optional(contactFields.rate_limit_minutes),
  limiter: Type.Optional(ContactLimiter),
  leagues: Type.Optional(ContactInput.properties.leagues),
  teams: Type.Optional(ContactInput.properties.teams),
});
export type ContactCreateInput = Static<typeof ContactCreateInput>;

/** Defaults of a new contact (SPEC §3). */
export const CONTACT_DEFAULTS = {
  languages: ['en'],
  sport_id: 1,
  channel_id: 1,
  rate_limited: false,
  active: true,
  sub_all: false,
} as const;

/** Reply of the contacts list: SPEC §7 names it items, not results. */
export const ContactsReply = Type.Object({
  items: Type.Array(Contact),
  total: Type.Integer({ minimum: 0 }),
  limit: Type.Integer({ minimum: 1 }),
});
export type ContactsReply = Static<typeof ContactsReply>;
