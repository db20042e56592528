import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Shared state that makes the engine safe with several workers (docs/scaling-out.md).
 *
 * One row per contact that has had a rate-limited push: `version` moves with every commit that
 * adds pushes of the contact. A worker locks the rows of the contacts it pushes to (FOR UPDATE, in
 * contact id order) in the transaction that writes the deliveries, and commits only when each
 * version is the one its in-memory push times were read at; otherwise it re-reads them and decides
 * the batch again. Not a foreign key, like the deliveries it summarises.
 */
export const contactPushLedger = pgTable('contact_push_ledger', {
  contactId: integer('contact_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * A webhook or mail send of a delivery, recorded before the call is made, and its retries
 * (docs/deliveries.md): `attempts` counts the calls, `claimed_until` is the lease of the
 * worker making one. While the delivery is PENDING, `next_attempt_at` is when a call is due: any
 * worker claims due rows (FOR UPDATE SKIP LOCKED), so a retry survives the worker that planned
 * it, and a call whose worker died mid-way is due again once its lease ran out. Every call
 * carries the delivery id as idempotency key, so a receiver can drop a repeat. `failures` counts
 * the failed calls since the first (or the operator's retry), which picks the backoff step;
 * `deadline_at` is the last moment a retry may be planned for.
 */
export const deliverySends = pgTable(
  'delivery_sends',
  {
    deliveryId: integer('delivery_id').primaryKey(),
    matchId: integer('match_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    failures: integer('failures').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [index('delivery_sends_due_idx').on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`), index('delivery_sends_match_idx').on(t.matchId)],
);
