import { desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { leagues, matches, offers, teams } from '../db/schema';
import { Errors } from '../errors';
import type { CompileContext, TeamContext } from './compile';
import { teamSeasonValues, type SeasonScope } from './team-values';

/** Loads what compiling needs from the database: teams with their season values, league, match. */

export async function loadTeam(db: Queryable, teamId: number, scope: SeasonScope): Promise<TeamContext & { id: number }> {
  const [team] = await db.select({ id: teams.id, name: teams.name, shortName: teams.shortName }).from(teams).where(eq(teams.id, teamId));
  if (!team) throw new Errors.NotFound('Team', teamId);
  const { seasonId: _season, ...values } = await teamSeasonValues(db, teamId, scope);
  return { id: team.id, name: team.name, short_name: team.shortName, values };
}

export interface MatchContextOptions {
  /** The score of the moment (an offer's score node); default the match's final score, if played. */
  score?: { home: number; away: number } | null;
  /** Match minute of the moment (an offer's match_time / 60). */
  minute?: number | null;
  /** Odds in thousandths per outcome key; default the latest stored offer of the match with a home outcome. */
  odds?: Record<string, number> | null;
}

/**
 * The compile context of a real match. Season values count only matches that kicked off before it
 * (no hindsight), in the match's own season when the teams have results there, else in the latest
 * season they played (a World Cup Classics replay reads the 2022 tournament).
 */
export async function loadMatchContext(
  db: Queryable,
  matchId: number,
  options: MatchContextOptions = {},
): Promise<CompileContext & { providerId: number; sportId: number }> {
  const [row] = await db
    .select({ match: matches, league: { id: leagues.id, name: leagues.name } })
    .from(matches)
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .where(eq(matches.id, matchId));
  if (!row) throw new Errors.NotFound('Match', matchId);
  const { match } = row;
  const scope: SeasonScope = { seasonId: match.seasonId, leagueId: match.leagueId, before: match.start };
  const [home, away] = await Promise.all([loadTeam(db, match.homeTeamId, scope), loadTeam(db, match.awayTeamId, scope)]);
  const played = match.homeScore !== null && match.awayScore !== null ? { home: match.homeScore, away: match.awayScore } : null;
  const score = options.score === undefined ? played : options.score;
  return {
    providerId: match.providerId,
    sportId: match.sportId,
    home: { ...home, score: score?.home ?? null },
    away: { ...away, score: score?.away ?? null },
    league: { name: row.league.name },
    match: { name: match.name, minute: options.minute ?? null, start: match.start },
    odds: options.odds === undefined ? await latestOdds(db, matchId) : options.odds,
  };
}

/** The outcome odds of the match's latest offer for a market with a home outcome (1X2 and the like). */
async function latestOdds(db: Queryable, matchId: number): Promise<Record<string, number> | null> {
  const [offer] = await db
    .select({ outcomeMap: offers.outcomeMap })
    .from(offers)
    .where(sql`${offers.matchId} = ${matchId} and ${offers.outcomeMap} ? 'home'`)
    .orderBy(desc(offers.id))
    .limit(1);
  return offer?.outcomeMap ?? null;
}
