import { and, desc, eq, exists, gt, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Static } from 'typebox';
import { resultOf, type ListReply, type Match, type MatchesQuery } from '@odds/protocol';
import type { Db, Queryable } from '../db/client';
import { leagues, matchContents, matches, providers, teams } from '../db/schema';
import { Errors } from '../errors';
import { likePattern, orderBy, pageSize } from '../db/paging';
import { syncOf } from './edit/synced';

const home = alias(teams, 'home');
const away = alias(teams, 'away');

/** How long after kick-off a match counts as live when no feed says otherwise. */
export const LIVE_WINDOW_MS = 3 * 60 * 60 * 1000;

const sortable = {
  id: matches.id,
  name: matches.name,
  start: matches.start,
  home: home.name,
  away: away.name,
  league: leagues.name,
  event_id: matches.eventId,
  league_id: leagues.id,
};

/** Whether a match is in play at `now`: kicked off within the live window (as timeframe LIVE). */
const isLive = (start: Date, now: Date) => start.getTime() <= now.getTime() && start.getTime() >= now.getTime() - LIVE_WINDOW_MS;

const liveAt = (now: Date) =>
  sql`(${matches.start} <= ${now.toISOString()}::timestamptz and ${matches.start} >= ${new Date(now.getTime() - LIVE_WINDOW_MS).toISOString()}::timestamptz)`;

/** 0 in play, 1 upcoming, 2 played: the groups of order_by=relevance. */
const stageAt = (now: Date) => sql`(case when ${liveAt(now)} then 0 when ${matches.start} > ${now.toISOString()}::timestamptz then 1 else 2 end)`;

/**
 * The sort keys at `now`: the columns, 'live' (order_by=-live lists the matches in play first) and
 * 'relevance' (what an operator searching by team names most likely means: in play, then
 * upcoming, soonest first, then played, most recent first).
 */
const sortableAt = (now: Date) => ({ ...sortable, live: liveAt(now), relevance: stageAt(now) });

/** Providers carrying the same event (connected matches): their number and names. */
const sameEvent = sql`(select array_agg(p.name order by p.id) from ${matches} m2 join ${providers} p on p.id = m2.provider_id where m2.event_id = ${matches.eventId})`;

function baseSelect(db: Db) {
  return db
    .select({
      match: matches,
      home: { id: home.id, name: home.name },
      away: { id: away.id, name: away.name },
      league: leagues,
      providerName: providers.name,
      providerNames: sameEvent.mapWith((v: string[] | null) => v ?? []),
    })
    .from(matches)
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .innerJoin(providers, eq(providers.id, matches.providerId));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];

function toMatch(row: Row, now = new Date()): Match {
  const { match } = row;
  const played = match.homeScore !== null && match.awayScore !== null;
  const halfTime = match.htHomeScore !== null && match.htAwayScore !== null;
  return {
    id: match.id,
    version: match.version,
    name: match.name,
    home: row.home,
    away: row.away,
    start: match.start.toISOString(),
    league: { id: row.league.id, name: row.league.name, path: row.league.path, provider_name: row.providerName, unique_id: row.league.uniqueId },
    event_id: match.eventId,
    league_unique_id: row.league.uniqueId,
    provider: match.providerId,
    provider_count: Math.max(1, row.providerNames.length),
    provider_names: row.providerNames,
    score: played ? { home: match.homeScore!, away: match.awayScore! } : null,
    ht_score: halfTime ? { home: match.htHomeScore!, away: match.htAwayScore! } : null,
    result: resultOf(
      { home: match.homeScore, away: match.awayScore },
      { home: match.etHomeScore, away: match.etAwayScore },
      { home: match.penHomeScore, away: match.penAwayScore },
    ),
    meta: match.meta,
    live: isLive(match.start, now),
    season_id: match.seasonId,
    ...syncOf(match),
  };
}

/** "Netherlands - USA", "Netherlands vs USA", "netherlands v usa": the two sides as an operator types them. */
const PAIR_SEPARATOR = /\s+(?:-|–|—|vs\.?|v\.?)\s+/i;

/** Both teams named, either way round (the match name's own wording may differ, e.g. "USA" vs "United States"). */
function byTeamPair(keyword: string): SQL | undefined {
  const sides = keyword.split(PAIR_SEPARATOR).map((side) => side.trim());
  if (sides.length !== 2 || !sides[0] || !sides[1]) return undefined;
  const [first, second] = sides.map(likePattern) as [string, string];
  return or(and(ilike(home.name, first), ilike(away.name, second)), and(ilike(home.name, second), ilike(away.name, first)));
}

/** The list's order; matches in play first (order_by=-live) are then by kick-off, newest first; order_by=relevance as sortableAt says. */
function matchOrder(query: Static<typeof MatchesQuery>, now: Date): SQL[] {
  const [first, tieBreak] = orderBy(sortableAt(now), '-start', matches.id, query.order_by, query.order_dir);
  const key = query.order_by?.trim().replace(/^-/, '');
  // Within 'relevance', upcoming matches go soonest first (the other groups have no key here, null).
  if (key === 'relevance')
    return [first!, sql`(case when ${matches.start} > ${now.toISOString()}::timestamptz then ${matches.start} end) asc`, desc(matches.start), desc(matches.id)];
  if (key !== 'live') return tieBreak ? [first!, tieBreak] : [first!];
  return [first!, desc(matches.start), desc(matches.id)];
}

export async function listMatches(
  db: Db,
  providerId: number,
  sportId: number,
  query: Static<typeof MatchesQuery>,
  now = new Date(),
): Promise<ListReply<Match>> {
  const limit = pageSize(query.limit);
  const filters: (SQL | undefined)[] = [eq(matches.providerId, providerId), eq(matches.sportId, sportId)];
  if (query.league_id) filters.push(eq(matches.leagueId, query.league_id));
  if (query.match_id) filters.push(eq(matches.id, query.match_id));
  if (query.date) {
    const day = new Date(`${query.date}T00:00:00Z`);
    filters.push(gte(matches.start, day), lt(matches.start, new Date(day.getTime() + 86_400_000)));
  }
  if (query.timeframe === 'FUTURE') filters.push(gt(matches.start, now));
  if (query.timeframe === 'PAST') filters.push(lt(matches.start, new Date(now.getTime() - LIVE_WINDOW_MS)));
  if (query.timeframe === 'LIVE') filters.push(lte(matches.start, now), gte(matches.start, new Date(now.getTime() - LIVE_WINDOW_MS)));
  // 'Content only' (SPEC §2): matches with match content; unticked (false or absent) lists all.
  if (query.templated) filters.push(exists(db.select({ one: matchContents.id }).from(matchContents).where(eq(matchContents.matchId, matches.id))));
  const keyword = query.q?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    const byText = or(
      ilike(matches.name, pattern),
      ilike(home.name, pattern),
      ilike(away.name, pattern),
      ilike(leagues.name, pattern),
      eq(matches.eventId, keyword),
      byTeamPair(keyword),
    );
    // 'keyword or match id' (SPEC §2): digits also find the match with that id.
    filters.push(/^\d{1,9}$/.test(keyword) ? or(byText, eq(matches.id, Number(keyword))) : byText);
  }
  const where = and(...filters);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    baseSelect(db)
      .where(where)
      .orderBy(...matchOrder(query, now))
      .limit(limit)
      .offset(query.start ?? 0),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(matches)
      .innerJoin(home, eq(home.id, matches.homeTeamId))
      .innerJoin(away, eq(away.id, matches.awayTeamId))
      .innerJoin(leagues, eq(leagues.id, matches.leagueId))
      .where(where),
  ]);
  return { results: rows.map((row) => toMatch(row, now)), total, limit };
}

/** Throws a 404 unless the match exists (for calls that read something of a match). */
export async function assertMatch(db: Db, matchId: number): Promise<void> {
  const [match] = await db.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId));
  if (!match) throw new Errors.NotFound('Match', matchId);
}

export async function getMatch(db: Queryable, matchId: number): Promise<Match | null> {
  const [row] = await baseSelect(db as Db).where(eq(matches.id, matchId));
  if (!row) return null;
  return toMatch(row);
}
