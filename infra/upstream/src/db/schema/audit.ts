import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * History: one row per write through the API (actor, time, entity, id, action, the record before
 * and after), written in the write's own transaction, so a failed write leaves no row. Rows keep
 * no foreign keys: a deleted record, or a deleted operator, stays readable in history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    /** The match the record belongs to, when it belongs to one (its History panel filters by it). */
    matchId: integer('match_id'),
    action: text('action').notNull(),
    version: integer('version'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.id), index('audit_log_match_idx').on(t.matchId, t.id), index('audit_log_at_idx').on(t.at)],
);
