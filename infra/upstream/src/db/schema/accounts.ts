import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { createdAt, users } from './core';

export type PasswordTokenPurpose = 'invite' | 'reset';

/**
 * One-time set-password links (an invite, or a reset). Like sessions, only the token's SHA-256 is
 * stored; a token is used once (used_at) and refused after expires_at.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: belongsTo('user_id', () => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<PasswordTokenPurpose>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId), check('password_tokens_purpose_check', sql`${t.purpose} in ('invite', 'reset')`)],
);
