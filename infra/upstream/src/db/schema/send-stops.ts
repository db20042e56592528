import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { providers } from './core';

/**
 * The kill switch (migration 0052, docs/compliance-operations.md): one row per scope, a provider
 * or the whole deployment (provider_id null), made at its first stop. Versioned and audited.
 */
export const sendStops = pgTable(
  'send_stops',
  {
    id: serial('id').primaryKey(),
    /** 0 until the first write (which bumps it to 1): a scope never stopped is read as version 0. */
    version: integer('version').notNull().default(0),
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'cascade' }),
    stopped: boolean('stopped').notNull().default(false),
    reason: text('reason').notNull().default(''),
    /** Who stopped or resumed it last, and when. */
    changedById: integer('changed_by_id'),
    changedBy: text('changed_by').notNull().default(''),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [uniqueIndex('send_stops_scope_key').on(sql`(coalesce("provider_id", 0))`)],
);
