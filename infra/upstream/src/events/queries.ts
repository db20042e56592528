import { and, eq, inArray } from 'drizzle-orm';
import type { HomeAway, StatOutcome } from '@odds/protocol';
import type { Db } from '../db/client';
import { matches, seasons, statEvents, teams } from '../db/schema';
import { leagueOfSport } from './league-table';
import { Errors } from '../errors';
import { outcomeCounts, outcomeList, settlingMarket, wholePercents } from './apex';
import { settle } from './outcomes';
import { played, resultOfRow, results, sideOf, type ResultScope } from './results';
import { GOAL_TYPE_IDS } from './stat-events';

/**
 * The named statistics queries of `POST {s}/events/query` (SPEC §7). A name and parameters, never
 * query text: each is a fixed computation over real results and stat events.
 *  - team_record {season_id, team_id, home_away?, match_limiter?}: played, wins, draws, losses,
 *    goals for and against, win rate (%) — the season keys of the query tags.
 *  - team_market_outcomes {season_id, team_id, market_id, home_away?, match_limiter?,
 *    other_team_id?, outcome?}: per match (latest first) the outcome the market settled on and its
 *    state (SPEC §4 symbols) against `outcome`: a key, 'team' (the team's side, the default for
 *    types with home and away) or 'opponent'.
 *  - outcome_ratios {market_id, season_id | league_id, team_id?, home_away?, match_limiter?}: per
 *    outcome, the matches it settled on and their whole-number percentage.
 *  - goal_minutes {season_id, team_id?}: goals per 15-minute band from the stat events (stoppage
 *    time counts in the band it extends; extra time has its own band).
 */

type Params = Record<string, string | number | boolean | null>;

class Reader {
  constructor(
    private readonly name: string,
    private readonly params: Params,
  ) {}
  int(key: string, required: true): number;
  int(key: string, required?: false): number | undefined;
  int(key: string, required = false): number | undefined {
    const raw = this.params[key];
    if (raw === undefined || raw === null || raw === '') {
      if (required) throw new Errors.BadRequest(`Query ${this.name} needs the parameter ${key}.`);
      return undefined;
    }
    const value = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : raw;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
      throw new Errors.BadRequest(`Parameter ${key} of query ${this.name} must be a whole number.`);
    return value;
  }
  text(key: string): string | undefined {
    const raw = this.params[key];
    return raw === undefined || raw === null || raw === '' ? undefined : String(raw);
  }
  homeAway(): HomeAway {
    const value = this.text('home_away') ?? 'all';
    if (!['home', 'away', 'all'].includes(value)) throw new Errors.BadRequest(`Parameter home_away of query ${this.name} must be home, away or all.`);
    return value as HomeAway;
  }
}

/** The season, checked to be of a league of the sport; gives the league's provider. */
async function seasonScope(db: Db, seasonId: number, sportId: number) {
  const [season] = await db.select().from(seasons).where(eq(seasons.id, seasonId));
  if (!season) throw new Errors.NotFound('Season', seasonId);
  const { providerId } = await leagueOfSport(db, season.leagueId, sportId);
  return { season, providerId, leagueId: season.leagueId };
}

async function checkTeam(db: Db, teamId: number): Promise<void> {
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
  if (!team) throw new Errors.NotFound('Team', teamId);
}

/** Last-n scope (played matches only when limited). */
const limited = (scope: ResultScope, last: number | undefined): ResultScope => (last ? { ...scope, playedOnly: true, last } : scope);

type Query = (db: Db, sportId: number, p: Reader) => Promise<Record<string, unknown>[]>;

const QUERIES: Record<string, Query> = {
  async team_record(db, sportId, p) {
    const seasonId = p.int('season_id', true);
    const teamId = p.int('team_id', true);
    await seasonScope(db, seasonId, sportId);
    await checkTeam(db, teamId);
    const rows = await results(db, limited({ seasonId, teamId, side: p.homeAway(), playedOnly: true }, p.int('match_limiter')));
    const tally = { team_id: teamId, season_id: seasonId, played: rows.length, wins: 0, draws: 0, losses: 0, goals_for: 0, goals_against: 0, win_rate: 0 };
    for (const row of rows) {
      const [gf, ga] = sideOf(row, teamId) === 'home' ? [row.homeScore!, row.awayScore!] : [row.awayScore!, row.homeScore!];
      tally.goals_for += gf;
      tally.goals_against += ga;
      if (gf > ga) tally.wins += 1;
      else if (gf === ga) tally.draws += 1;
      else tally.losses += 1;
    }
    tally.win_rate = rows.length ? Math.round((tally.wins / rows.length) * 100) : 0;
    return [tally];
  },

  async team_market_outcomes(db, sportId, p) {
    const seasonId = p.int('season_id', true);
    const teamId = p.int('team_id', true);
    const { providerId } = await seasonScope(db, seasonId, sportId);
    await checkTeam(db, teamId);
    const market = await settlingMarket(db, p.int('market_id', true), providerId, sportId);
    const hasSides = market.def.outcomes.includes('home') && market.def.outcomes.includes('away');
    const wanted = p.text('outcome') ?? (hasSides ? 'team' : market.def.outcomes[0]!);
    if (wanted !== 'team' && wanted !== 'opponent') outcomeList(wanted, market);
    else if (!hasSides)
      throw new Errors.BadRequest(`Outcome '${wanted}' needs a market with home and away outcomes; ${market.name} has ${market.def.outcomes.join(', ')}.`);
    const otherTeamId = p.int('other_team_id');
    const rows = await results(db, limited({ seasonId, teamId, side: p.homeAway(), ...(otherTeamId && { otherTeamId }) }, p.int('match_limiter')));
    return rows.map((row) => {
      const side = sideOf(row, teamId);
      const outcome = settle(market.def, market.line, { home: row.homeScore, away: row.awayScore, htHome: row.htHome, htAway: row.htAway });
      const target = wanted === 'team' ? side : wanted === 'opponent' ? (side === 'home' ? 'away' : 'home') : wanted;
      const state: StatOutcome = !played(row) ? 'unknown' : outcome === null ? 'neutral' : outcome === target ? 'positive' : 'negative';
      return {
        match_id: row.id,
        date: row.start.toISOString(),
        home: row.home,
        away: row.away,
        side,
        score: played(row) ? { home: row.homeScore, away: row.awayScore } : null,
        result: resultOfRow(row),
        outcome,
        state,
      };
    });
  },

  async outcome_ratios(db, sportId, p) {
    const seasonId = p.int('season_id');
    const leagueId = seasonId ? undefined : p.int('league_id');
    if (!seasonId && !leagueId) throw new Errors.BadRequest('Query outcome_ratios needs the parameter season_id or league_id.');
    const { providerId } = seasonId ? await seasonScope(db, seasonId, sportId) : await leagueOfSport(db, leagueId!, sportId);
    const market = await settlingMarket(db, p.int('market_id', true), providerId, sportId);
    const teamId = p.int('team_id');
    if (teamId) await checkTeam(db, teamId);
    const scope: ResultScope = { ...(seasonId ? { seasonId } : { leagueId: leagueId! }), ...(teamId && { teamId, side: p.homeAway() }), playedOnly: true };
    const { counts, settled } = outcomeCounts(await results(db, limited(scope, p.int('match_limiter'))), market);
    const matches = market.def.outcomes.map((outcome) => counts.get(outcome) ?? 0);
    const percents = wholePercents(matches, settled);
    return market.def.outcomes.map((outcome, i) => ({ outcome, matches: matches[i]!, ratio: percents[i]! }));
  },

  async goal_minutes(db, sportId, p) {
    const seasonId = p.int('season_id', true);
    await seasonScope(db, seasonId, sportId);
    const teamId = p.int('team_id');
    if (teamId) await checkTeam(db, teamId);
    const goals = await db
      .select({ teamId: statEvents.teamId, gameTime: statEvents.gameTime, period: statEvents.period, home: matches.homeTeamId, away: matches.awayTeamId })
      .from(statEvents)
      .innerJoin(matches, eq(matches.id, statEvents.matchId))
      .where(and(eq(matches.seasonId, seasonId), inArray(statEvents.typeId, GOAL_TYPE_IDS)));
    const bands = ['0-15', '16-30', '31-45', '46-60', '61-75', '76-90', '91-120'];
    const band = (g: { gameTime: number; period: number }) => (g.period >= 3 ? 6 : Math.min(5, Math.max(0, Math.ceil(g.gameTime / 15) - 1)));
    const rows = bands.map((name) => ({ band: name, goals: 0, scored: 0, conceded: 0 }));
    for (const goal of goals) {
      const row = rows[band(goal)]!;
      if (!teamId) row.goals += 1;
      else if (goal.teamId === teamId) row.scored += 1;
      else if (goal.home === teamId || goal.away === teamId) row.conceded += 1;
    }
    return rows.map(({ band: name, goals: total, scored, conceded }) => (teamId ? { band: name, scored, conceded } : { band: name, goals: total }));
  },
};

const STATS_QUERY_NAMES = Object.keys(QUERIES);

export async function runStatsQuery(db: Db, sportId: number, name: string, params: Params): Promise<Record<string, unknown>[]> {
  const query = Object.hasOwn(QUERIES, name) ? QUERIES[name] : undefined;
  if (!query) throw new Errors.BadRequest(`Unknown query '${name}'; use one of: ${STATS_QUERY_NAMES.join(', ')}.`);
  return query(db, sportId, new Reader(name, params));
}
