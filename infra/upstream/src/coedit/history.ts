import { and, asc, count, eq, gt, gte, lte, ne, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { AuditEntry, AuditQuery, ListReply } from '@odds/protocol';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import { orderBy, pageSize } from '../db/paging';

type Query = Static<typeof AuditQuery>;

/** History, newest first unless asked otherwise; deleted records stay readable (rows keep no foreign keys). */
type Filter = Omit<Query, 'start' | 'limit' | 'order_by' | 'order_dir'>;

function whereOf(query: Filter, accounts: boolean): SQL | undefined {
  const filters: SQL[] = [];
  if (query.entity) filters.push(eq(auditLog.entity, query.entity));
  // Operator accounts' history (emails, admin flags) is the admins': left out of anyone else's reads.
  if (!accounts) filters.push(ne(auditLog.entity, 'account'));
  if (query.entity_id) filters.push(eq(auditLog.entityId, query.entity_id));
  if (query.match_id) filters.push(eq(auditLog.matchId, query.match_id));
  if (query.actor_id) filters.push(eq(auditLog.actorId, query.actor_id));
  if (query.from) filters.push(gte(auditLog.at, new Date(query.from)));
  if (query.to) filters.push(lte(auditLog.at, new Date(query.to)));
  return filters.length ? and(...filters) : undefined;
}

const toEntry = (row: typeof auditLog.$inferSelect): AuditEntry => ({
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
});

export async function listAudit(db: Db, query: Query, { accounts = true }: { accounts?: boolean } = {}): Promise<ListReply<AuditEntry>> {
  const where = whereOf(query, accounts);
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
  return { results: rows.map(toEntry), total: total?.n ?? 0, limit };
}

/** Every row the filter matches, oldest first, a chunk at a time (keyed on the id, so rows written meanwhile neither repeat nor shift pages): the audit CSV export. */
export async function* allAudit(db: Db, query: Filter, chunk = 1000): AsyncGenerator<AuditEntry[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(whereOf(query, true), gt(auditLog.id, after)))
      .orderBy(asc(auditLog.id))
      .limit(chunk);
    if (rows.length) yield rows.map(toEntry);
    if (rows.length < chunk) return;
    after = rows.at(-1)!.id;
  }
}
