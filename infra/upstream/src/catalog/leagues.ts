import { and, asc, count, eq, exists, ilike, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { League, LeaguesQuery, ListReply, Season } from '@odds/protocol';
import type { Db } from '../db/client';
import { leagues, matches, providers, seasons } from '../db/schema';
import { likePattern, orderBy, pageSize } from '../db/paging';
import { syncOf } from './edit/synced';

type LeagueRow = typeof leagues.$inferSelect;
type SeasonRow = typeof seasons.$inferSelect;

/** A season as replies show it: its version, dates and where it comes from. */
export const toSeason = (season: SeasonRow): Season => ({
  id: season.id,
  version: season.version,
  name: season.name,
  starts_on: season.startsOn,
  ends_on: season.endsOn,
  ...syncOf(season),
});

const toLeague = (league: LeagueRow, providerName: string, seasonRows: SeasonRow[]): League => ({
  id: league.id,
  version: league.version,
  name: league.name,
  provider_name: providerName,
  path: league.path,
  unique_id: league.uniqueId,
  event_sync: league.eventSync,
  seasons: seasonRows.map(toSeason),
  ...syncOf(league),
});

const sortable = {
  id: leagues.id,
  name: leagues.name,
  league: leagues.name,
  path: leagues.path,
  unique_id: leagues.uniqueId,
  last_modified: leagues.lastModified,
};

export async function listLeagues(db: Db, providerId: number, sportId: number, query: Static<typeof LeaguesQuery>): Promise<ListReply<League>> {
  const limit = pageSize(query.limit);
  const filters: (SQL | undefined)[] = [eq(leagues.providerId, providerId), eq(leagues.sportId, sportId)];
  if (query.q?.trim()) {
    const pattern = likePattern(query.q.trim());
    filters.push(or(ilike(leagues.name, pattern), ilike(leagues.path, pattern), ilike(leagues.uniqueId, pattern)));
  }
  // Stats need played matches: leave out leagues that have none.
  if (query.stats_only) {
    filters.push(
      exists(
        db
          .select({ one: matches.id })
          .from(matches)
          .where(and(eq(matches.leagueId, leagues.id), isNotNull(matches.homeScore))),
      ),
    );
  }
  const where = and(...filters);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ league: leagues, providerName: providers.name })
      .from(leagues)
      .innerJoin(providers, eq(providers.id, leagues.providerId))
      .where(where)
      .orderBy(...orderBy(sortable, 'last_modified', leagues.id, query.order_by, query.order_dir))
      .limit(limit)
      .offset(query.start ?? 0),
    db.select({ total: count() }).from(leagues).where(where),
  ]);
  const seasonRows = rows.length
    ? await db
        .select()
        .from(seasons)
        .where(
          inArray(
            seasons.leagueId,
            rows.map((r) => r.league.id),
          ),
        )
        .orderBy(asc(seasons.name))
    : [];
  return {
    results: rows.map(({ league, providerName }) =>
      toLeague(
        league,
        providerName,
        seasonRows.filter((s) => s.leagueId === league.id),
      ),
    ),
    total,
    limit,
  };
}

export interface LeagueRecord {
  league: League;
  sportId: number;
  providerId: number;
}

/** One league with its seasons (and the sport and provider it belongs to), or null. */
export async function getLeague(db: Db, leagueId: number): Promise<LeagueRecord | null> {
  const [row] = await db
    .select({ league: leagues, providerName: providers.name })
    .from(leagues)
    .innerJoin(providers, eq(providers.id, leagues.providerId))
    .where(eq(leagues.id, leagueId));
  if (!row) return null;
  const seasonRows = await db.select().from(seasons).where(eq(seasons.leagueId, leagueId)).orderBy(asc(seasons.name));
  const { league } = row;
  return {
    league: toLeague(league, row.providerName, seasonRows),
    sportId: league.sportId,
    providerId: league.providerId,
  };
}
