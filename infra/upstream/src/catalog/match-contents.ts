import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { ListReply, MatchContent } from '@odds/protocol';
import { toMatchContents } from '../content/match-content';
import type { Db } from '../db/client';
import { matchContents } from '../db/schema';
import { orderBy, pageSize } from '../db/paging';

export interface MatchesContentQuery {
  start?: number;
  limit?: number;
  order_by?: string;
  order_dir?: 'asc' | 'desc';
  match_id?: number[];
  hold?: boolean;
}

const sortable = { id: matchContents.id, created_at: matchContents.createdAt, match_id: matchContents.matchId, market_id: matchContents.marketId };

/**
 * Match content across matches (the basket and match drafts): of the given matches, held or to be
 * sent, newest first unless sorted otherwise.
 */
export async function listMatchesContent(db: Db, query: MatchesContentQuery): Promise<ListReply<MatchContent>> {
  const limit = pageSize(query.limit);
  const filters: (SQL | undefined)[] = [];
  if (query.match_id?.length) filters.push(inArray(matchContents.matchId, query.match_id));
  if (query.hold !== undefined) filters.push(eq(matchContents.hold, query.hold));
  const where = and(...filters);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(matchContents)
      .where(where)
      .orderBy(...orderBy(sortable, '-created_at', matchContents.id, query.order_by, query.order_dir))
      .limit(limit)
      .offset(query.start ?? 0),
    db.select({ total: count() }).from(matchContents).where(where),
  ]);
  return {
    results: await toMatchContents(db, rows),
    total,
    limit,
  };
}
