import { asc, eq, sql } from 'drizzle-orm';
import type { ContactList, ListReply, Segment } from '@odds/protocol';
import type { Db } from '../db/client';
import { lists, segments } from '../db/schema';

/**
 * A provider's segments and lists: audiences of its customer-engagement side that push and
 * messaging contacts target. Ids travel as strings (they are that system's ids, protocol says).
 * Both are short lists shown whole, so the page size is their length.
 */
export async function providerSegments(db: Db, providerId: number): Promise<ListReply<Segment>> {
  const rows = await db
    .select()
    .from(segments)
    .where(eq(segments.providerId, providerId))
    .orderBy(asc(sql`lower(${segments.displayName})`), asc(segments.id));
  return whole(rows.map((row) => ({ id: String(row.id), display_name: row.displayName })));
}

export async function providerLists(db: Db, providerId: number): Promise<ListReply<ContactList>> {
  const rows = await db.select().from(lists).where(eq(lists.providerId, providerId)).orderBy(asc(lists.id));
  return whole(rows.map((row) => ({ id: String(row.id), name: row.name })));
}

const whole = <T>(results: T[]): ListReply<T> => ({ results, total: results.length, limit: Math.max(1, results.length) });
