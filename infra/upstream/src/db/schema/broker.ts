import { sql } from 'drizzle-orm';
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
    /** The message's size in bytes as it came (UOF: a message refused by size is kept as its first 4 KB only). */
    size: integer('size'),
    /** UOF: the whole message (base64) under UOF_MAX_MESSAGE_BYTES, so that Feed health can drive it again. */
    payload: text('payload'),
    /** A re-drive asked for on Feed health (who, when), and when the adapter drove it and what came of it. */
    redriveRequestedAt: timestamp('redrive_requested_at', { withTimezone: true }),
    redriveRequestedBy: text('redrive_requested_by'),
    redrivenAt: timestamp('redriven_at', { withTimezone: true }),
    redriveOutcome: text('redrive_outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dead_letters_created_idx').on(t.createdAt),
    index('dead_letters_redrive_idx').on(t.redriveRequestedAt).where(sql`${t.redriveRequestedAt} is not null and ${t.redrivenAt} is null`),
  ],
);
