import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Shared state that makes the engine safe with several workers (README "Scaling out").
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
 * A webhook or mail send of a delivery, recorded before the call is made: `attempts` counts the
 * calls, `claimed_until` is the lease of the worker making one. A delivery still PENDING whose
 * lease ran out (its worker died mid-call, or between the commit and the call) is sent again by
 * any worker, with the delivery id as idempotency key, so a receiver can drop the repeat.
 */
export const deliverySends = pgTable('delivery_sends', {
  deliveryId: integer('delivery_id').primaryKey(),
  matchId: integer('match_id').notNull(),
  attempts: integer('attempts').notNull().default(0),
  claimedBy: text('claimed_by'),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
});
