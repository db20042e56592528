import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import type { Consent, ContactLimiter, QuietHours } from '@odds/protocol';
import { createdAt, lastModified, providerRecord, providers } from './core';

/** A delivery target (SPEC §3 Contact) with its destination per channel and its rate limits. */
export const contacts = pgTable(
  'contacts',
  {
    ...providerRecord(),
    channelId: integer('channel_id').notNull().default(1),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    languages: text('languages').array().notNull().default(['en']),
    subAll: boolean('sub_all').notNull().default(false),
    rateLimited: boolean('rate_limited').notNull().default(false),
    email: text('email'),
    twitter: text('twitter'),
    deviceId: text('device_id'),
    segment: text('segment'),
    listId: text('list_id'),
    mobile: text('mobile'),
    /** Why the engine deactivated the contact (its channel's vendor said the recipient is gone); cleared when someone activates it again. */
    inactiveReason: text('inactive_reason'),
    rawFilter: text('raw_filter'),
    rateLimitMinutes: integer('rate_limit_minutes'),
    limiter: jsonb('limiter').$type<ContactLimiter>().notNull().default({}),
    /** Subscriptions: the leagues and teams whose matches the contact receives. */
    leagueIds: integer('league_ids').array().notNull().default([]),
    teamIds: integer('team_ids').array().notNull().default([]),
    /** Compliance (migration 0051, docs/compliance.md): null for contacts from before it. */
    customerRef: text('customer_ref'),
    jurisdiction: text('jurisdiction'),
    timeZone: text('time_zone'),
    quietHours: jsonb('quiet_hours').$type<QuietHours>(),
    consents: jsonb('consents').$type<Consent[]>().notNull().default([]),
    /** When an admin erased its personal data (compliance/erasure.ts). */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    lastModified: lastModified(),
  },
  (t) => [index('contacts_provider_idx').on(t.providerId)],
);

/** Audience segments and mailing lists a provider's push/messaging contacts can target. */
export const segments = pgTable('segments', {
  id: serial('id').primaryKey(),
  providerId: belongsTo('provider_id', () => providers.id, { onDelete: 'cascade' }),
  displayName: text('display_name').notNull(),
});

export const lists = pgTable('lists', {
  id: serial('id').primaryKey(),
  providerId: belongsTo('provider_id', () => providers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
});
