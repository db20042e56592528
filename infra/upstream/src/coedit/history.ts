import { and, count, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { AuditEntry, AuditQuery, ListReply } from '@odds/protocol';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import { orderBy, pageSize } from '../db/paging';

type Query = Static<typeof AuditQuery>;

/** History, newest first unless asked otherwise; deleted records stay readable (rows keep no foreign keys). */
export async function listAudit(db: Db, query: Query): Promise<ListReply<AuditEntry>> {
  const filters: SQL[] = [];
  if (query.entity) filters.push(eq(auditLog.entity, query.entity));
  if (query.entity_id) filters.push(eq(auditLog.entityId, query.entity_id));
  if (query.match_id) filters.push(eq(auditLog.matchId, query.match_id));
  if (query.actor_id) filters.push(eq(auditLog.actorId, query.actor_id));
  if (query.from) filters.push(gte(auditLog.at, new Date(query.from)));
  if (query.to) filters.push(lte(auditLog.at, new Date(query.to)));
  const where = filters.length ? and(...filters) : undefined;
  const limit = pageSize(query.limit);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...orderBy({ id: auditLog.id, at: auditLog.at, entity: auditLog.entity }, '-id', auditLog.id, query.order_by, query.order_dir))
      .limit(limit)
      .offset(query.start ?? 0),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    results: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: { id: row.actorId, name: row.actorName },
      entity: row.entity as AuditEntry['entity'],
      entity_id: row.entityId,
      match_id: row.matchId,
      action: row.action as AuditEntry['action'],
      version: row.version,
      before: row.before,
      after: row.after,
    })),
    total: total?.n ?? 0,
    limit,
  };
}
