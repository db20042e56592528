import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Feed messages an engine worker could not take (invalid JSON, schema failure, unknown match or
 * market), as it moved them to the broker's dead-letter queue: the reason, where they came from and
 * what they said (cut to 4 KB). Read by `GET /api/1/engine/dead-letters` (counts, last reasons).
 */
export const deadLetters = pgTable(
  'dead_letters',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    routingKey: text('routing_key').notNull(),
    shard: text('shard').notNull(),
    matchId: integer('match_id'),
    body: text('body').notNull(),
    headers: jsonb('headers').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dead_letters_created_idx').on(t.createdAt)],
);
