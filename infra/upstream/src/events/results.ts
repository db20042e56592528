import { and, desc, eq, isNotNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { resultOf, type HomeAway, type MatchResult } from '@odds/protocol';
import type { Db } from '../db/client';
import { matches, teams } from '../db/schema';

/** A match as the statistics read it: who played whom, when, and the real result (null until played). */
export interface ResultRow {
  id: number;
  start: Date;
  round: string | null;
  seasonId: number | null;
  homeId: number;
  awayId: number;
  home: string;
  away: string;
  homeScore: number | null;
  awayScore: number | null;
  htHome: number | null;
  htAway: number | null;
  etHome: number | null;
  etAway: number | null;
  penHome: number | null;
  penAway: number | null;
}

export interface ResultScope {
  leagueId?: number;
  seasonId?: number;
  /** The team whose matches count; `side` then picks its home or away matches. */
  teamId?: number;
  side?: HomeAway;
  /** Only the team's matches against this one. */
  otherTeamId?: number;
  playedOnly?: boolean;
  /** The last n matches (played, when playedOnly), latest first. */
  last?: number;
}

const home = alias(teams, 'home');
const away = alias(teams, 'away');

/** Matches of a league, season or team, latest kick-off first. */
export async function results(db: Db, scope: ResultScope): Promise<ResultRow[]> {
  const filters: (SQL | undefined)[] = [];
  if (scope.leagueId) filters.push(eq(matches.leagueId, scope.leagueId));
  if (scope.seasonId) filters.push(eq(matches.seasonId, scope.seasonId));
  if (scope.teamId) {
    const side = scope.side ?? 'all';
    const atHome = eq(matches.homeTeamId, scope.teamId);
    const atAway = eq(matches.awayTeamId, scope.teamId);
    filters.push(side === 'home' ? atHome : side === 'away' ? atAway : or(atHome, atAway));
    if (scope.otherTeamId) filters.push(or(eq(matches.homeTeamId, scope.otherTeamId), eq(matches.awayTeamId, scope.otherTeamId)));
  }
  if (scope.playedOnly) filters.push(isNotNull(matches.homeScore), isNotNull(matches.awayScore));
  const query = db
    .select({
      id: matches.id,
      start: matches.start,
      round: matches.round,
      seasonId: matches.seasonId,
      homeId: matches.homeTeamId,
      awayId: matches.awayTeamId,
      home: home.name,
      away: away.name,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
      htHome: matches.htHomeScore,
      htAway: matches.htAwayScore,
      etHome: matches.etHomeScore,
      etAway: matches.etAwayScore,
      penHome: matches.penHomeScore,
      penAway: matches.penAwayScore,
    })
    .from(matches)
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(and(...filters))
    .orderBy(desc(matches.start), desc(matches.id));
  return scope.last ? query.limit(scope.last) : query;
}

export const played = (row: ResultRow): boolean => row.homeScore !== null && row.awayScore !== null;

/** The row's whole result (extra time, penalties); null until played. */
export const resultOfRow = (row: ResultRow): MatchResult | null =>
  resultOf({ home: row.homeScore, away: row.awayScore }, { home: row.etHome, away: row.etAway }, { home: row.penHome, away: row.penAway });

/** The side a team played on in a match. */
export const sideOf = (row: ResultRow, teamId: number): 'home' | 'away' => (row.homeId === teamId ? 'home' : 'away');
