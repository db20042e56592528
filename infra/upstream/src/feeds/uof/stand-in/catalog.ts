import { kickOff, loadWorldCup, type Goal, type WorldCupMatch } from '../../../data/worldcup';

/**
 * The stand-in's sports catalog: the real 2018 and 2022 World Cups (openfootball, CC0) as the
 * vendor's Sports API would carry them. The urns are made up but fixed, and agree with the recorded
 * UOF feeds: match N of a cup is `sr:match:{year}{NNN}` (the final of 2022, `wc2022-64`, is
 * `sr:match:2022064`, as infra/feeds/uof/*.uof.jsonl name it).
 */
export const SPORT = { id: 'sr:sport:1', name: 'Soccer' };
export const CATEGORY = { id: 'sr:category:4', name: 'International' };
export const TOURNAMENT = { id: 'sr:tournament:16', name: 'World Cup' };

/** Each team's FIFA code and a fixed competitor number (append new teams; never renumber). */
const TEAMS: Record<string, [code: string, id: number]> = {
  Argentina: ['ARG', 7001],
  Australia: ['AUS', 7002],
  Belgium: ['BEL', 7003],
  Brazil: ['BRA', 7004],
  Cameroon: ['CMR', 7005],
  Canada: ['CAN', 7006],
  Colombia: ['COL', 7007],
  'Costa Rica': ['CRC', 7008],
  Croatia: ['CRO', 7009],
  Denmark: ['DEN', 7010],
  Ecuador: ['ECU', 7011],
  Egypt: ['EGY', 7012],
  England: ['ENG', 7013],
  France: ['FRA', 7014],
  Germany: ['GER', 7015],
  Ghana: ['GHA', 7016],
  Iceland: ['ISL', 7017],
  Iran: ['IRN', 7018],
  Japan: ['JPN', 7019],
  Mexico: ['MEX', 7020],
  Morocco: ['MAR', 7021],
  Netherlands: ['NED', 7022],
  Nigeria: ['NGA', 7023],
  Panama: ['PAN', 7024],
  Peru: ['PER', 7025],
  Poland: ['POL', 7026],
  Portugal: ['POR', 7027],
  Qatar: ['QAT', 7028],
  Russia: ['RUS', 7029],
  'Saudi Arabia': ['KSA', 7030],
  Senegal: ['SEN', 7031],
  Serbia: ['SRB', 7032],
  'South Korea': ['KOR', 7033],
  Spain: ['ESP', 7034],
  Sweden: ['SWE', 7035],
  Switzerland: ['SUI', 7036],
  Tunisia: ['TUN', 7037],
  USA: ['USA', 7038],
  Uruguay: ['URU', 7039],
  Wales: ['WAL', 7040],
};

const HOSTS: Record<number, string> = { 2018: 'Russia', 2022: 'Qatar' };
const MINUTE = 60_000;

export interface Competitor {
  id: string;
  name: string;
  abbreviation: string;
}

export interface Season {
  id: string;
  name: string;
  year: number;
  startDate: string;
  endDate: string;
}

interface Venue {
  id: string;
  name: string;
  city: string;
  country: string;
}

export interface SportEvent {
  id: string;
  season: Season;
  round: WorldCupMatch['round'];
  group: string | null;
  start: Date;
  home: Competitor;
  away: Competitor;
  venue: Venue | null;
  match: WorldCupMatch;
  /** The vendor called it off or moved it to an unknown date (a test's change; the recorded cups have none). */
  status?: 'cancelled' | 'postponed';
}

export interface Catalog {
  events: SportEvent[];
  byEvent: Map<string, SportEvent>;
  seasons: Season[];
  competitors: Map<string, Competitor>;
}

function competitorOf(name: string): Competitor {
  const team = TEAMS[name];
  if (!team) throw new Error(`The stand-in has no competitor for '${name}': add it to TEAMS in stand-in/catalog.ts`);
  return { id: `sr:competitor:${team[1]}`, name, abbreviation: team[0] };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Builds the catalog once from the shipped World Cup files. */
export function buildCatalog(): Catalog {
  const events: SportEvent[] = [];
  const seasons: Season[] = [];
  for (const year of [2018, 2022] as const) {
    const cup = loadWorldCup(year);
    const starts = cup.matches.map((m) => kickOff(m, year));
    const season: Season = {
      id: `sr:season:${year}`,
      name: `World Cup ${year}`,
      year,
      startDate: day(new Date(Math.min(...starts.map(Number)))),
      endDate: day(new Date(Math.max(...starts.map(Number)))),
    };
    seasons.push(season);
    const venues = new Map<string, Venue>();
    cup.matches.forEach((match, i) => {
      let venue: Venue | null = null;
      if (match.ground) {
        const [name, city] = match.ground.split(/,\s*/, 2) as [string, string | undefined];
        venue = venues.get(match.ground) ?? {
          id: `sr:venue:${year}${String(venues.size + 1).padStart(2, '0')}`,
          name,
          city: city ?? name,
          country: HOSTS[year]!,
        };
        venues.set(match.ground, venue);
      }
      events.push({
        id: `sr:match:${year}${String(i + 1).padStart(3, '0')}`,
        season,
        round: match.round,
        group: match.group ?? null,
        start: starts[i]!,
        home: competitorOf(match.team1),
        away: competitorOf(match.team2),
        venue,
        match,
      });
    });
  }
  const competitors = new Map(events.flatMap((e) => [e.home, e.away]).map((c) => [c.id, c]));
  if (new Set(Object.values(TEAMS).map(([, id]) => id)).size !== Object.keys(TEAMS).length) throw new Error('two teams share a competitor number');
  return { events, byEvent: new Map(events.map((e) => [e.id, e])), seasons, competitors };
}

/** Where an event stands at `now`: before kick-off, in play (with the minute played and its phase), or over. */
export interface EventState {
  status: 'not_started' | 'live' | 'closed';
  /** UOF match_status code: 0 not started, 6/7 halves, 31 half-time, 40 overtime, 50 penalties, 100/110/120 ended. */
  matchStatusCode: number;
  home: number | null;
  away: number | null;
}

interface Period {
  code: number;
  from: number;
  to: number;
  /** The match clock at the period's start, and the last regular minute of its goals. */
  clock: number;
  last: number;
}

/** The periods of a match on the stand-in's clock, in minutes from kick-off (a break is a period without goals). */
function periodsOf(match: WorldCupMatch): Period[] {
  const periods: Period[] = [
    { code: 6, from: 0, to: 48, clock: 0, last: 45 },
    { code: 31, from: 48, to: 63, clock: 45, last: -1 },
    { code: 7, from: 63, to: 113, clock: 45, last: 90 },
  ];
  if (match.score?.et) periods.push({ code: 32, from: 113, to: 118, clock: 90, last: -1 }, { code: 40, from: 118, to: 153, clock: 90, last: 120 });
  if (match.score?.p) periods.push({ code: 50, from: 153, to: 168, clock: 120, last: -1 });
  return periods;
}

/**
 * The state of an event on the stand-in's clock: a simulation of the match's real course (45 min
 * and stoppage, a 15 min break, the second half, then extra time and penalties where it had them),
 * its score from the real goal minutes. Only the stand-in uses it (docs/feeds-uof.md says so).
 */
export function stateAt(event: SportEvent, now: number): EventState {
  const elapsed = (now - event.start.getTime()) / MINUTE;
  const periods = periodsOf(event.match);
  const score = event.match.score;
  if (elapsed < 0) return { status: 'not_started', matchStatusCode: 0, home: null, away: null };
  const current = periods.find((p) => elapsed < p.to);
  if (!current) {
    const final = score?.et ?? score?.ft ?? [0, 0];
    return { status: 'closed', matchStatusCode: score?.p ? 120 : score?.et ? 110 : 100, home: final[0], away: final[1] };
  }
  const clock = current.clock + (elapsed - current.from);
  // A goal counts once its period is over, or within its period once the clock passed its minute (stoppage included).
  const counted = (goals: Goal[] | undefined) =>
    (goals ?? []).filter((g) => {
      const period = periods.find((p) => p.last >= g.minute);
      if (!period) return false;
      return period.to <= current.from || (period === current && clock >= g.minute + (g.offset ?? 0));
    }).length;
  return { status: 'live', matchStatusCode: current.code, home: counted(event.match.goals1), away: counted(event.match.goals2) };
}
