import { and, count, eq, ilike, or } from 'drizzle-orm';
import type { ListReply, SearchResult, SearchType } from '@odds/protocol';
import type { Db } from '../db/client';
import { leagues, providers, teams } from '../db/schema';
import { likePattern, orderBy } from '../db/paging';
import { teamProviders } from './teams';

export interface SearchQuery {
  q: string;
  type?: SearchType;
  limit?: number;
  offset?: number;
  order_by?: string;
}

/**
 * The top bar's search over a provider's leagues (name or path) or teams (name or short name) of a
 * sport, by name unless sorted otherwise. Without a type it searches leagues: one list must hold one
 * kind, since a hit is only an id and a title.
 */
export async function search(db: Db, providerId: number, sportId: number, query: SearchQuery): Promise<ListReply<SearchResult>> {
  const limit = query.limit ?? 10;
  const offset = query.offset ?? 0;
  const pattern = likePattern(query.q.trim());
  if (query.type === 'teams') {
    const where = and(eq(teams.providerId, providerId), eq(teams.sportId, sportId), or(ilike(teams.name, pattern), ilike(teams.shortName, pattern)));
    const sortable = { name: teams.name, id: teams.id, last_modified: teams.lastModified };
    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      db
        .select({ id: teams.id, title: teams.name, providers: teamProviders() })
        .from(teams)
        .where(where)
        .orderBy(...orderBy(sortable, 'name', teams.id, query.order_by))
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(teams).where(where),
    ]);
    return { results: rows, total, limit };
  }
  const where = and(eq(leagues.providerId, providerId), eq(leagues.sportId, sportId), or(ilike(leagues.name, pattern), ilike(leagues.path, pattern)));
  const sortable = { name: leagues.name, id: leagues.id, last_modified: leagues.lastModified };
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ id: leagues.id, title: leagues.name, provider: providers.name })
      .from(leagues)
      .innerJoin(providers, eq(providers.id, leagues.providerId))
      .where(where)
      .orderBy(...orderBy(sortable, 'name', leagues.id, query.order_by))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(leagues).where(where),
  ]);
  return { results: rows.map(({ id, title, provider }) => ({ id, title, providers: [provider] })), total, limit };
}
