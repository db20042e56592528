import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ListReply, SavedThreshold } from '@odds/protocol';
import { channelOf } from '../contacts/contacts';
import type { Db, Tx } from '../db/client';
import { contacts, markets, savedThresholds } from '../db/schema';
import { readRow } from '../coedit/versioned';
import { orderBy, pageSize } from '../db/paging';

export type TemplateValues = Omit<typeof savedThresholds.$inferInsert, 'id' | 'createdAt'>;

function baseSelect(db: Db) {
  return db.select({ saved: savedThresholds, contactName: contacts.name }).from(savedThresholds).leftJoin(contacts, eq(contacts.id, savedThresholds.contactId));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];

const toSaved = ({ saved, contactName }: Row): SavedThreshold =>
  ({
    id: saved.id,
    version: saved.version,
    market_id: saved.marketId,
    name: saved.name,
    is_default: saved.isDefault,
    contact: saved.contactId !== null && contactName !== null ? { id: saved.contactId, name: contactName } : null,
    channel: saved.channelId !== null ? { id: saved.channelId, name: channelOf(saved.channelId).name } : null,
    line: saved.line,
    type: saved.type,
    thresholds: saved.thresholds,
  }) as SavedThreshold;

const sortable = {
  id: savedThresholds.id,
  name: savedThresholds.name,
  type: savedThresholds.type,
  market_id: savedThresholds.marketId,
  is_default: savedThresholds.isDefault,
  created_at: savedThresholds.createdAt,
};

/** A provider's saved thresholds, for the editor's template picker: newest first by default. */
export async function providerTemplates(
  db: Db,
  providerId: number,
  query: { start?: number; limit?: number; order_by?: string; order_dir?: 'asc' | 'desc' },
): Promise<ListReply<SavedThreshold>> {
  const limit = pageSize(query.limit);
  const where = eq(savedThresholds.providerId, providerId);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    baseSelect(db)
      .where(where)
      .orderBy(...orderBy(sortable, '-created_at', savedThresholds.id, query.order_by, query.order_dir))
      .limit(limit)
      .offset(query.start ?? 0),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(savedThresholds)
      .where(where),
  ]);
  return { results: rows.map(toSaved), total, limit };
}

/** A market's saved thresholds (the table under the Markets form): its default first, then by name. */
export async function marketTemplates(db: Db, marketId: number): Promise<ListReply<SavedThreshold> | null> {
  const [market] = await db.select({ id: markets.id }).from(markets).where(eq(markets.id, marketId));
  if (!market) return null;
  const rows = await baseSelect(db)
    .where(eq(savedThresholds.marketId, marketId))
    .orderBy(desc(savedThresholds.isDefault), asc(savedThresholds.name), asc(savedThresholds.id));
  return { results: rows.map(toSaved), total: rows.length, limit: Math.max(1, rows.length) };
}

export async function deleteTemplate(db: Db, id: number): Promise<boolean> {
  return (await db.delete(savedThresholds).where(eq(savedThresholds.id, id)).returning({ id: savedThresholds.id })).length > 0;
}

/**
 * Stores a template inside the caller's transaction. A name is unique per provider and market:
 * saving under a name again replaces that template. A market has at most one default.
 */
export async function saveTemplate(tx: Tx, values: TemplateValues): Promise<{ id: number; created: boolean; before: Record<string, unknown> | null }> {
  const sameMarket = and(eq(savedThresholds.providerId, values.providerId), eq(savedThresholds.marketId, values.marketId));
  if (values.isDefault) await tx.update(savedThresholds).set({ isDefault: false }).where(sameMarket);
  const [same] = values.name
    ? await tx
        .select({ id: savedThresholds.id })
        .from(savedThresholds)
        .where(and(sameMarket, eq(savedThresholds.name, values.name)))
    : [];
  // The template as it was, for its history row (the caller audits it); replacing it is a new version.
  const before = same ? await readRow(tx, 'saved_threshold', same.id) : null;
  const [row] = same
    ? await tx
        .update(savedThresholds)
        .set({ ...values, version: sql`${savedThresholds.version} + 1` })
        .where(eq(savedThresholds.id, same.id))
        .returning({ id: savedThresholds.id })
    : await tx.insert(savedThresholds).values(values).returning({ id: savedThresholds.id });
  return { id: row!.id, created: !same, before };
}
