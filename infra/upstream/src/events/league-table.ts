import { and, desc, eq, sql } from 'drizzle-orm';
import type { HomeAway, LeagueTableReply, SeasonTableRow } from '@odds/protocol';
import type { Db } from '../db/client';
import { matches, seasons, sports, teams } from '../db/schema';
import { Errors } from '../errors';
import { resultOfRow, results, type ResultRow } from './results';
import { getLeague, type LeagueRecord } from '../catalog/leagues';

export interface TableRequest {
  sportId: number;
  leagueId: number;
  seasonId?: number;
  teamId?: number;
  home_away?: HomeAway;
  match_limiter?: number;
}

/** The league, checked to be of the sport in the path. */
export async function leagueOfSport(db: Db, leagueId: number, sportId: number): Promise<LeagueRecord> {
  const record = await getLeague(db, leagueId);
  if (!record) throw new Errors.NotFound('League', leagueId);
  if (record.sportId !== sportId) {
    const [sport] = await db.select({ name: sports.name }).from(sports).where(eq(sports.id, sportId));
    throw new Errors.BadRequest(`League ${leagueId} (${record.league.name}) is not a ${sport?.name ?? `sport ${sportId}`} league.`);
  }
  return record;
}

/**
 * Matchday of each match: 'Matchday N' rounds say it; other rounds (knockouts) take the place of
 * their kick-off date among the season's match dates (UTC), so a World Cup's days run on from the
 * group stage's: 2018's Round of 16 opens on day 16, its final is day 25.
 */
async function matchDays(db: Db, seasonId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({
      id: matches.id,
      round: matches.round,
      rank: sql<number>`dense_rank() over (order by (${matches.start} at time zone 'UTC')::date)`.mapWith(Number),
    })
    .from(matches)
    .where(eq(matches.seasonId, seasonId));
  return new Map(
    rows.map(({ id, round, rank }) => {
      const matchday = round === null ? null : /^Matchday (\d+)$/i.exec(round);
      return [id, matchday ? Number(matchday[1]) : rank];
    }),
  );
}

const toRow = (row: ResultRow, days: Map<number, number>): SeasonTableRow => ({
  match: { id: row.id, day: days.get(row.id) ?? null, date: row.start.toISOString() },
  home: row.home,
  away: row.away,
  home_id: row.homeId,
  away_id: row.awayId,
  score: row.homeScore !== null && row.awayScore !== null ? { home: row.homeScore, away: row.awayScore } : null,
  ht_score: row.htHome !== null && row.htAway !== null ? { home: row.htHome, away: row.htAway } : null,
  result: resultOfRow(row),
});

/**
 * A season's table: its matches with real full-time and half-time scores, latest first (SPEC §9:
 * tables sort descending). Without a season, the league's latest one. With a team, only its
 * matches, home or away ones with `home_away` (which means nothing without a team, so is ignored
 * there). `match_limiter` keeps the last n played matches.
 */
export async function leagueTable(db: Db, request: TableRequest): Promise<LeagueTableReply> {
  const { league } = await leagueOfSport(db, request.leagueId, request.sportId);
  const [season] = request.seasonId
    ? await db
        .select()
        .from(seasons)
        .where(and(eq(seasons.id, request.seasonId), eq(seasons.leagueId, league.id)))
    : await db.select().from(seasons).where(eq(seasons.leagueId, league.id)).orderBy(sql`${seasons.startsOn} desc nulls last`, desc(seasons.id)).limit(1);
  if (request.seasonId && !season) throw new Errors.NotFound(`Season ${request.seasonId} of league`, league.id);
  if (request.teamId) {
    const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, request.teamId));
    if (!team) throw new Errors.NotFound('Team', request.teamId);
  }
  if (!season) return { league, season: null, table: [] };
  const [rows, days] = await Promise.all([
    results(db, {
      seasonId: season.id,
      ...(request.teamId && { teamId: request.teamId, side: request.home_away ?? 'all' }),
      ...(request.match_limiter && { playedOnly: true, last: request.match_limiter }),
    }),
    matchDays(db, season.id),
  ]);
  return { league, season: { id: season.id, name: season.name }, table: rows.map((row) => toRow(row, days)) };
}
