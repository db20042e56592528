import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import type { BasketItem } from '@odds/protocol';
import { lastModified, users } from './core';

/** Each operator's basket (SPEC §2 Basket popup): the picked match content and 'Required to trigger'. */
export const baskets = pgTable('baskets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  items: jsonb('items').$type<BasketItem[]>().notNull(),
  required: integer('required').notNull(),
  lastModified: lastModified(),
});
