import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './core';

/**
 * Idempotency keys of creating calls (the `Idempotency-Key` header), per operator and session
 * (`session`: the SHA-256 of the session's token, as sessions name it), kept 24 hours:
 * a repeat of a call with the same key gets the first call's reply and writes nothing. `status` is
 * null while the first call is under way (its claim).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    session: text('session').notNull().default(''),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    reply: text('reply'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.session, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
