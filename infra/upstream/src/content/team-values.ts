import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { matches } from '../db/schema';
import { rows } from '../db/rows';

/** A team's season record, computed from the real results in `matches` (the TEAM_TAGS season keys). */
export interface TeamValues {
  played: number;
  wins: number;
  draws: number;
  losses: number;
  goals_for: number;
  goals_against: number;
  /** Wins per match played, as a whole-number percentage (SPEC §9: ratios are whole numbers). */
  win_rate: number;
}

export interface SeasonScope {
  /** Prefer this season when the team has played in it (the match's own season). */
  seasonId?: number | null;
  /** Else the latest season of this league the team has played in. */
  leagueId?: number | null;
  /** Count only matches that kicked off before this moment (a match's kick-off: no hindsight). */
  before?: Date | null;
}

type Row = { season_id: number | null; played: number; wins: number; draws: number; losses: number; goals_for: number; goals_against: number };

const EMPTY_VALUES: TeamValues = { played: 0, wins: 0, draws: 0, losses: 0, goals_for: 0, goals_against: 0, win_rate: 0 };

/**
 * The team's record in one season: the preferred season if the team has results in it, else the
 * season of its latest result (within the league, if it has results there, else anywhere). A
 * replayed fixture (World Cup Classics) thus reads the record of the tournament it comes from.
 * Full-time scores decide: a knockout drawn after 90 minutes counts as a draw.
 */
export async function teamSeasonValues(db: Queryable, teamId: number, scope: SeasonScope = {}): Promise<TeamValues & { seasonId: number | null }> {
  const before = scope.before ?? new Date('9999-01-01T00:00:00Z');
  const seasonId = scope.seasonId ?? null;
  const leagueId = scope.leagueId ?? null;
  const result = await db.execute(sql`
    with played as (
      select ${matches.seasonId} as season_id, ${matches.leagueId} as league_id, ${matches.start} as start,
        case when ${matches.homeTeamId} = ${teamId} then ${matches.homeScore} else ${matches.awayScore} end as gf,
        case when ${matches.homeTeamId} = ${teamId} then ${matches.awayScore} else ${matches.homeScore} end as ga
      from ${matches}
      where (${matches.homeTeamId} = ${teamId} or ${matches.awayTeamId} = ${teamId})
        and ${matches.homeScore} is not null and ${matches.awayScore} is not null
        and ${matches.start} < ${before.toISOString()}::timestamptz
    ), chosen as (
      select season_id from played
      order by (season_id is not distinct from ${seasonId}::int) desc,
               (league_id is not distinct from ${leagueId}::int) desc,
               start desc
      limit 1
    )
    select (select season_id from chosen) as season_id,
      count(*)::int as played,
      count(*) filter (where gf > ga)::int as wins,
      count(*) filter (where gf = ga)::int as draws,
      count(*) filter (where gf < ga)::int as losses,
      coalesce(sum(gf), 0)::int as goals_for,
      coalesce(sum(ga), 0)::int as goals_against
    from played
    where exists (select 1 from chosen) and season_id is not distinct from (select season_id from chosen)
  `);
  const [row] = rows<Row>(result);
  if (!row || row.played === 0) return { ...EMPTY_VALUES, seasonId: null };
  const played = Number(row.played);
  const wins = Number(row.wins);
  return {
    seasonId: row.season_id,
    played,
    wins,
    draws: Number(row.draws),
    losses: Number(row.losses),
    goals_for: Number(row.goals_for),
    goals_against: Number(row.goals_against),
    win_rate: Math.round((wins / played) * 100),
  };
}
