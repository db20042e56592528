import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { version } from './columns';
import { createdAt, providers } from './core';

/**
 * Per provider, the secret its webhooks are signed with (Standard Webhooks, `whsec_…`), encrypted
 * with AES-256-GCM under WEBHOOK_SECRETS_KEY (engine/channels/webhook-secrets.ts): write-only, shown
 * once to the admin who rotates it.
 */
export const webhookSecrets = pgTable('webhook_secrets', {
  providerId: integer('provider_id').primaryKey(),
  /** `v1:<iv>:<tag>:<ciphertext>`, base64. */
  secret: text('secret').notNull(),
  /** The secret before the last rotation (same form), while it still signs (webhook_signing.previous_until). */
  previousSecret: text('previous_secret'),
  createdAt: createdAt(),
});

/** Who rotated a provider's signing secret and when (migration 0050): versioned and audited, never a secret. */
export const webhookSigning = pgTable(
  'webhook_signing',
  {
    id: serial('id').primaryKey(),
    version: version(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Until when the previous secret signs too; null: it stopped at the rotation. */
    previousUntil: timestamp('previous_until', { withTimezone: true }),
  },
  (t) => [unique('webhook_signing_provider_key').on(t.providerId)],
);

/**
 * A delivery's tracked link (/t/{id}): the call to action's target, behind an unguessable id (128
 * random bits), one per delivery. `platform` is the recipient's where its device id tells (ios,
 * android), else null.
 */
export const trackedLinks = pgTable(
  'tracked_links',
  {
    id: text('id').primaryKey(),
    deliveryId: integer('delivery_id').notNull(),
    target: text('target').notNull(),
    platform: text('platform'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tracked_links_delivery_key').on(t.deliveryId)],
);

/**
 * Opens of a tracked link: one row per platform (ios, android, other), visitor (a keyed hash of
 * the address, never the address) and minute, so a prefetch that fetches a link several times
 * counts once.
 */
export const trackedOpens = pgTable(
  'tracked_opens',
  {
    linkId: text('link_id').notNull(),
    platform: text('platform').notNull(),
    visitor: text('visitor').notNull(),
    minute: bigint('minute', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.platform, t.visitor, t.minute] }), index('tracked_opens_link_idx').on(t.linkId)],
);
