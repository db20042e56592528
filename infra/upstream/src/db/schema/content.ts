import { boolean, customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, lastModified, providerRecord } from './core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const contentCategories = pgTable('content_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

/** A group of content items: the same text in several languages, saved together (SPEC "Grouped Content"). */
export const contentGroups = pgTable('content_groups', {
  ...providerRecord(),
  name: text('name'),
  createdAt: createdAt(),
  lastModified: lastModified(),
});

/** Uploaded images, kept in the database so they survive restarts and move with it. */
export const images = pgTable('images', {
  id: serial('id').primaryKey(),
  mimeType: text('mime_type').notNull(),
  bytes: bytea('bytes').notNull(),
  fileName: text('file_name'),
  createdAt: createdAt(),
});

/**
 * A templated piece of content (SPEC §3 Content item). `providerId` is the owner; with
 * `providerLock` it is for that provider only. Categories, markets and market types are id arrays.
 */
export const contentItems = pgTable(
  'content_items',
  {
    ...providerRecord(),
    groupId: integer('group_id').references(() => contentGroups.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    contentType: text('content_type').notNull(),
    language: text('language').notNull(),
    channelId: integer('channel_id').notNull(),
    sideContext: text('side_context').notNull().default('none'),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    linkTarget: text('link_target'),
    categoryIds: integer('category_ids').array().notNull().default([]),
    marketIds: integer('market_ids').array().notNull().default([]),
    marketTypeIds: integer('market_type_ids').array().notNull().default([]),
    providerLock: boolean('provider_lock').notNull().default(false),
    autoBuild: boolean('auto_build').notNull().default(false),
    deliver: boolean('deliver').notNull().default(true),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    lastModified: lastModified(),
  },
  (t) => [index('content_items_provider_idx').on(t.providerId, t.sportId), index('content_items_group_idx').on(t.groupId)],
);
