import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One owner at a time of a job several processes could run (db/lease.ts). */
export const processLeases = pgTable('process_leases', {
  name: text('name').primaryKey(),
  owner: text('owner').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});
