import type { DisplayConfig } from '@odds/protocol';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { createdAt, users } from './core';

/**
 * Wall displays: a read-only credential per wall screen. Like sessions, only the token's SHA-256 is
 * stored. A display never expires by itself; revoking it keeps the row, with who revoked it.
 */
export const displays = pgTable(
  'displays',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    config: jsonb('config').$type<DisplayConfig>().notNull(),
    createdBy: belongsTo('created_by', () => users.id),
    createdAt: createdAt(),
    revokedBy: integer('revoked_by').references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [index('displays_created_idx').on(t.createdAt)],
);
