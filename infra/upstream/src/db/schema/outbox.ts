import { bigserial, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { createdAt } from './core';

/**
 * Change notices of committed writes not yet published (coedit/notices.ts): a write inserts its
 * notices here in its own transaction, and a publisher hands them to the change stream and deletes
 * them, so the table holds only what is on its way (or was left by a process that crashed).
 */
export const changeOutbox = pgTable('change_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  notice: jsonb('notice').notNull(),
  createdAt: createdAt(),
});
