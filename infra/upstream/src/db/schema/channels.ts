import { bigint, doublePrecision, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { version } from './columns';
import { providers } from './core';

/**
 * Vendor channels (migration 0040, docs/channels.md): a provider's credentials per vendor, their
 * sealed secrets apart (history reads channel_credentials only), and the pace buckets every
 * engine worker shares.
 */

export const channelCredentials = pgTable(
  'channel_credentials',
  {
    id: serial('id').primaryKey(),
    version: version(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    vendor: text('vendor').notNull(),
    settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    /** Which secret fields hold a value (never the values). */
    secretNames: text('secret_names').array().notNull().default([]),
    /** 'configured' or 'failing' (the vendor refused the credentials; last_error says how). */
    state: text('state').notNull().default('configured'),
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('channel_credentials_provider_vendor_key').on(t.providerId, t.vendor)],
);

/** A credentials record's secrets, sealed with AES-256-GCM (engine/channels/secrets.ts). */
export const channelCredentialSecrets = pgTable('channel_credential_secrets', {
  credentialId: integer('credential_id')
    .primaryKey()
    .references(() => channelCredentials.id, { onDelete: 'cascade' }),
  sealed: text('sealed').notNull(),
});

/** One app's, bot's or number's token bucket (engine/channels/pacing.ts); times on the senders' clock, epoch ms. */
export const channelPacing = pgTable('channel_pacing', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  refilledMs: bigint('refilled_ms', { mode: 'number' }).notNull(),
  pausedUntilMs: bigint('paused_until_ms', { mode: 'number' }).notNull().default(0),
});

/**
 * An X account's OAuth 2.0 tokens as last renewed (migration 0050, engine/channels/x-tokens.ts),
 * sealed like the credentials; one worker renews at a time under the row's lease.
 */
export const channelOauthTokens = pgTable('channel_oauth_tokens', {
  key: text('key').primaryKey(),
  credentialId: integer('credential_id')
    .notNull()
    .references(() => channelCredentials.id, { onDelete: 'cascade' }),
  sealed: text('sealed'),
  renewingBy: text('renewing_by'),
  renewingUntilMs: bigint('renewing_until_ms', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
